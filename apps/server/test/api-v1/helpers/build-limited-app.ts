import { Writable } from 'node:stream';

import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';

import { buildApp } from '../../../src/app.js';
import { parseServerEnv, type ServerEnv } from '../../../src/env.js';

const openApps: FastifyInstance[] = [];

afterEach(async () => {
  // Reverse order: apps sharing one database close the shared mongoose connection last.
  for (const app of openApps.splice(0).reverse()) {
    await app.close();
  }
});

export type BuildLimitedAppOptions = {
  /** Core configuration overrides such as `RATE_LIMIT_GET_FORM: '3/60'` (decisions §5: configurable). */
  config?: Record<string, string>;
  /** Share a database (two replicas of one deployment). */
  mongoUri?: string;
  redisUrl?: string;
};

/**
 * Like helpers/build-test-app, but with core configuration overrides, which the server's env
 * schema does not (yet) carry: app.ts hands the whole env object to core's loadConfig.
 */
export async function buildLimitedApp({ config = {}, mongoUri, redisUrl }: BuildLimitedAppOptions = {}) {
  const logLines: string[] = [];
  const parsed = parseServerEnv({
    MONGODB_URI: mongoUri ?? testMongoUri('limits'),
    REDIS_URL: redisUrl ?? testRedisUrl(),
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
  });
  const env: ServerEnv = Object.assign(parsed, config);
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildApp({ env, logStream });
  openApps.push(app);

  return { app, logLines, env };
}
