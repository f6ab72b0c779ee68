import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';

import { buildApp } from '@formwell/server/app';
import { parseServerEnv } from '@formwell/server/env';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';

const openApps: FastifyInstance[] = [];

afterEach(async () => {
  for (const app of openApps.splice(0).reverse()) {
    await app.close();
  }
});

/** The real Formwell server on the run's engine and Redis, listening on 127.0.0.1; closed after the test. */
export async function startFormwell(env: Record<string, string> = {}): Promise<{ origin: string }> {
  const app = await buildApp({
    env: parseServerEnv({
      MONGODB_URI: testMongoUri('react'),
      REDIS_URL: testRedisUrl(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    }),
    logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  });
  openApps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });

  return { origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
