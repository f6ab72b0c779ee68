import { buildCoreConfig, ZCoreEnvSchema } from '@formwell/core';
import { ZRedisEnvSchema } from '@formwell/jobs';
import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

import { embeddedServices } from '@formwell/local-services';

/**
 * The CLI's environment: the database location, plus core's plan and quota overrides so the CLI
 * applies the same limits as the server it shares the data with, and the servers' REDIS_URL. With
 * MONGODB_URI and REDIS_URL unset they are the embedded engine and Redis of `npm start`, found from
 * the same settings `npm start` reads (FORMWELL_DATA_DIR, EMBEDDED_MONGO_PORT), so both talk to the
 * same data.
 */
export function cliEnv(source: Record<string, string | undefined> = process.env) {
  const env = createEnv({
    server: {
      ...ZCoreEnvSchema.shape,
      MONGODB_URI: z.string().min(1).default(embeddedServices(source).mongoUri),
      // The servers' Redis (read as the servers read it, cluster setting included): where the CLI
      // retires cached authentication after it changes a key, a plan or an account (see
      // auth-epoch-connection.ts).
      ...ZRedisEnvSchema.shape,
      REDIS_URL: ZRedisEnvSchema.shape.REDIS_URL.default(embeddedServices(source).redisUrl),
    },
    runtimeEnv: source,
    emptyStringAsUndefined: true,
  });

  return { ...env, coreConfig: buildCoreConfig(env) };
}
