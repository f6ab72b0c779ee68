import { Writable } from 'node:stream';

import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';

import { buildApp } from '../../src/app.js';
import { parseServerEnv } from '../../src/env.js';
import { responsesFromLog, undocumentedStatuses } from './documented-statuses.js';

export type TestApp = { app: FastifyInstance; logLines: string[]; env: ReturnType<typeof parseServerEnv> };

const openApps: { app: FastifyInstance; logLines: string[] }[] = [];

afterEach(async () => {
  const apps = openApps.splice(0);
  // One at a time, newest first: apps sharing one database share mongoose's connection, which the
  // first-built app closes.
  for (const { app } of [...apps].reverse()) {
    await app.close();
  }
  // Every status a test sees from an /api/v1 operation must be one its OpenAPI document lists, so
  // generated clients and the server agree on what can come back.
  const undocumented = undocumentedStatuses(apps.flatMap(({ logLines }) => responsesFromLog(logLines)));
  if (undocumented.length > 0) {
    throw new Error(`statuses the OpenAPI document does not list: ${undocumented.join('; ')}`);
  }
});

/**
 * Builds the real app on the run's private embedded engine (a fresh database) and redis-server,
 * capturing every log line so tests can assert what was (not) logged. Closed after each test.
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  { dashboardDir }: { dashboardDir?: string } = {},
): Promise<TestApp> {
  const logLines: string[] = [];
  const env = parseServerEnv({
    MONGODB_URI: testMongoUri('server'),
    REDIS_URL: testRedisUrl(),
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    // Every test signs up from 127.0.0.1; the sign-up limit has its own tests, which set it.
    RATE_LIMIT_SIGNUP: '10000/3600',
    RATE_LIMIT_ACCOUNT_EMAIL_PER_ADDRESS: '10000/3600',
    // Likewise for bad API keys, which many tests send on purpose; the throttle has its own tests.
    RATE_LIMIT_BAD_API_KEY: '10000/60',
    ...overrides,
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildApp({ env, logStream: stream, ...(dashboardDir ? { dashboardDir } : {}) });
  openApps.push({ app, logLines });

  return { app, logLines, env };
}
