import { createApiKey, createForm, createUser } from '@formwell/core';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

// When Redis is unreachable the limiter falls back to per-process memory and logs a
// warning; requests are not refused. A Redis that accepts the connection but stops answering (a
// stalled host, SIGSTOP here) must not hang requests either.
test('a Redis that stops answering neither hangs nor refuses API requests', async () => {
  const redis = await startRedisServer();
  try {
    const { app, logLines } = await buildTestApp({ REDIS_URL: redis.url });
    const user = await createUser({
      config: testCoreConfig,
      input: {
        email: `outage-${Date.now()}@example.com`,
        password: 'a long passphrase',
        plan: 'PRO',
      },
    });
    const { key } = await createApiKey({ userId: user.id, name: 'outage' });
    const form = await createForm({
      config: testCoreConfig,
      userId: user.id,
      input: { name: 'Outage', formType: 'contact' },
    });

    process.kill(redis.pid, 'SIGSTOP');
    const started = Date.now();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/forms/${form.id}`,
      headers: { 'x-api-key': key },
    });

    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.headers['x-ratelimit-limit']).toBe('100');
    expect(logLines.some((line) => line.includes('"level":40'))).toBe(true);
  } finally {
    process.kill(redis.pid, 'SIGCONT');
    await redis.stop();
  }
});

test('the server starts while Redis is down and serves API requests, counting limits in memory', async () => {
  const redis = await startRedisServer();
  await redis.stop();
  const { app, logLines } = await buildTestApp({ REDIS_URL: redis.url });
  const user = await createUser({
    config: testCoreConfig,
    input: {
      email: `down-${Date.now()}@example.com`,
      password: 'a long passphrase',
      plan: 'PRO',
    },
  });
  const { key } = await createApiKey({ userId: user.id, name: 'down' });

  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/forms/list',
    headers: { 'x-api-key': key },
  });

  expect(response.statusCode).toBe(200);
  expect(response.headers['x-ratelimit-remaining']).toBe('99');
  expect(logLines.some((line) => line.includes('redis is not reachable yet'))).toBe(true);
});
