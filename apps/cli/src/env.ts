import { buildCoreConfig, ZCoreEnvSchema } from '@formwell/core';
import { ZRedisEnvSchema } from '@formwell/jobs';
import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

import { startedEmbeddedServices } from '@formwell/local-services';

import { CliError } from './cli-error.js';

const REDIS_URL_REQUIRED =
  'REDIS_URL must be set when MONGODB_URI names a database other than the embedded engine of ' +
  '`npm start`: key revoke, user set-plan, account delete, billing replay and demo seed tell the ' +
  "servers through their Redis; set it to the servers' REDIS_URL (and REDIS_CLUSTER)";

/**
 * The CLI's environment: the database location, plus core's plan and quota overrides so the CLI
 * applies the same limits as the server it shares the data with, and the servers' REDIS_URL. With
 * MONGODB_URI and REDIS_URL unset they are the embedded engine and Redis of `npm start`, found from
 * the same settings `npm start` reads (FORMWELL_DATA_DIR, EMBEDDED_MONGO_PORT, EMBEDDED_REDIS_PORT;
 * the ports, when unset here, as that `npm start` recorded them), so both talk to the same data.
 * A MONGODB_URI of any other database requires REDIS_URL: defaulting to the embedded Redis there
 * would store revokes, plan changes and deletions without telling the servers, whose cached
 * authentication would keep honouring them.
 */
export function cliEnv(source: Record<string, string | undefined> = process.env) {
  const { embedded, settings } = startedEmbeddedServices(source);
  const mongoUri = source['MONGODB_URI'] || embedded.mongoUri;
  if (mongoUri !== embedded.mongoUri && !source['REDIS_URL']) {
    throw new CliError(REDIS_URL_REQUIRED);
  }
  // On the embedded engine, the settings its `npm start` runs with where this environment leaves
  // them unset (see readStartSettings): the test or shell that started it may not pass them on.
  const runtimeEnv = { ...source };
  if (mongoUri === embedded.mongoUri) {
    for (const [name, value] of Object.entries(settings)) {
      runtimeEnv[name] ||= value;
    }
  }
  const env = createEnv({
    server: {
      ...ZCoreEnvSchema.shape,
      MONGODB_URI: z.string().min(1).default(embedded.mongoUri),
      // The servers' Redis (read as the servers read it, cluster setting included): where the CLI
      // retires cached authentication after it changes a key, a plan or an account (see
      // auth-epoch-connection.ts).
      ...ZRedisEnvSchema.shape,
      REDIS_URL: ZRedisEnvSchema.shape.REDIS_URL.default(embedded.redisUrl),
    },
    runtimeEnv,
    emptyStringAsUndefined: true,
  });

  return { ...env, coreConfig: buildCoreConfig(env), embedded };
}
