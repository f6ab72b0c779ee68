import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

/**
 * The embedded engine `npm start` runs (decisions §13) listens on this fixed local port, so the CLI
 * talks to the same data as the server with nothing configured.
 */
export const DEFAULT_MONGODB_URI = 'mongodb://127.0.0.1:27018/formwell';

/** The CLI's environment: only the database location. */
export function cliEnv(source: Record<string, string | undefined> = process.env) {
  return createEnv({
    server: { MONGODB_URI: z.string().min(1).default(DEFAULT_MONGODB_URI) },
    runtimeEnv: source,
    emptyStringAsUndefined: true,
  });
}
