import { authEpochKey, DEFAULT_RATE_LIMITS } from '@formwell/core';
import { startRedisServer, type RedisServerHandle } from '@formwell/vitest-config/redis-server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { createRateLimiter } from './create-rate-limiter.js';

let server: RedisServerHandle;
let redis: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url);
});

afterAll(async () => {
  redis.disconnect();
  await server.stop();
});

test('a single Redis counts a keyed request and hands back the stored epoch alone, with no error reply', async () => {
  const limiter = createRateLimiter({ redis, rules: DEFAULT_RATE_LIMITS, logger: { warn: () => undefined } });
  await redis.config('RESETSTAT');

  const first = await limiter.consumeForUser('getForm', 'bucket', 'user-1');
  const second = await limiter.consumeForUser('getForm', 'bucket', 'user-1');

  expect(first.epoch).toBe(await redis.get(authEpochKey('user-1')));
  expect(second.epoch).toBe(first.epoch);
  expect(second.state.remaining).toBe(first.state.remaining - 1);
  // The script asks a cluster node for its id only on a cluster client: a single Redis is never
  // sent a command it refuses, so its error statistics keep meaning something.
  expect(await redis.info('stats')).toMatch(/total_error_replies:0\r?\n/);
});
