import { ZRedisUrl } from '@formwell/jobs';
import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

/** Every variable the worker reads, validated at boot. */
export function parseWorkerEnv(source: Record<string, string | undefined> = process.env) {
  return createEnv({
    server: {
      MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI'),
      REDIS_URL: ZRedisUrl,
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
    },
    runtimeEnv: source,
    emptyStringAsUndefined: true,
  });
}

