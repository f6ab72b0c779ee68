import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { expect, test } from 'vitest';

import { spawnEntry } from '../helpers/spawn-entry.js';

function startServer(env: Record<string, string>) {
  return spawnEntry('apps/server', 'src/main.ts', {
    MONGODB_URI: testMongoUri('server_process'),
    REDIS_URL: testRedisUrl(),
    PORT: '0',
    ...env,
  });
}

test('the server refuses to boot with a clear line per bad variable', async () => {
  const server = startServer({ REDIS_URL: 'http://not-redis', LOG_LEVEL: 'chatty' });
  const { code } = await server.exit();

  expect(code).toBe(1);
  expect(server.output()).toContain('formwell server: Invalid environment:');
  expect(server.output()).toContain('  - REDIS_URL: must be a redis:// or rediss:// URL');
  expect(server.output()).toMatch(/ {2}- LOG_LEVEL: /);
});

test('the server serves, then shuts down gracefully on SIGTERM', async () => {
  const server = startServer({});
  const [, url] = await server.waitForOutput(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  const base = String(url);

  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  const status = await fetch(`${base}/api/v1/status`);
  expect(await status.json()).toMatchObject({ status: 'ok', name: 'Formwell' });

  server.child.kill('SIGTERM');
  expect(await server.exit()).toEqual({ code: 0, signal: null });
  expect(server.output()).toMatch(/"signal":"SIGTERM".*shutting down/);
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
});
