import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { WORKER_HEARTBEAT_KEY } from '@formwell/jobs';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { spawnEntry, type SpawnedEntry } from '../helpers/spawn-entry.js';

const workers: SpawnedEntry[] = [];

afterEach(() => {
  for (const worker of workers.splice(0)) {
    worker.child.kill('SIGKILL');
  }
});

/** Starts the real worker process on the given Redis and waits for its first heartbeat. */
async function startWorker(redisUrl: string) {
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    MONGODB_URI: testMongoUri('worker'),
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'info',
  });
  workers.push(worker);
  await worker.waitForOutput(/worker started/);

  return worker;
}

describe('health and readiness', () => {
  test('/healthz answers 200 while the process is up', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('/readyz is 503 naming the worker when no worker has a heartbeat', async () => {
    const redis = await startRedisServer();
    try {
      const { app } = await buildTestApp({ REDIS_URL: redis.url });
      const response = await app.inject({ method: 'GET', url: '/readyz' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', failing: ['worker'] });
    } finally {
      await redis.stop();
    }
  });

  test('/readyz is 200 when MongoDB, Redis and a worker are up', async () => {
    const redis = await startRedisServer();
    try {
      await startWorker(redis.url);
      const { app } = await buildTestApp({ REDIS_URL: redis.url });
      const response = await app.inject({ method: 'GET', url: '/readyz' });

      expect(response.json()).toEqual({ status: 'ready', failing: [] });
      expect(response.statusCode).toBe(200);
    } finally {
      await redis.stop();
    }
  });

  test('/readyz is 503 naming redis once Redis is stopped', async () => {
    const redis = await startRedisServer();
    const { app } = await buildTestApp({ REDIS_URL: redis.url });
    await redis.stop();
    const response = await app.inject({ method: 'GET', url: '/readyz' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', failing: ['redis'] });
  });

  test('the worker stops on SIGTERM: exit code 0 and its heartbeat removed', async () => {
    const redisUrl = testRedisUrl();
    const worker = await startWorker(redisUrl);
    const redis = new Redis(redisUrl);
    try {
      expect(await redis.exists(WORKER_HEARTBEAT_KEY)).toBe(1);
      worker.child.kill('SIGTERM');

      expect(await worker.exit()).toEqual({ code: 0, signal: null });
      expect(worker.output()).toMatch(/worker stopped/);
      expect(await redis.exists(WORKER_HEARTBEAT_KEY)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
