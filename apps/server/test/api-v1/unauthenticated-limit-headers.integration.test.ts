import { randomBytes, randomInt } from 'node:crypto';
import { once } from 'node:events';

import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';

const LIST = '/api/v1/forms/list';

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const guessedKey = () =>
  `mk_live_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, 32)}`;

/**
 * GETs of the forms list from one random client address, on an app whose bad-key limit is
 * `limit`, counted in Redis from the first request (before Redis is ready the limiter counts in
 * memory).
 */
async function listFromOneAddress(limit: string) {
  const { app } = await buildTestApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_BAD_API_KEY: limit });
  if (app.redis.status !== 'ready') {
    await once(app.redis, 'ready');
  }
  const address = randomAddress();

  return (key: string | null) =>
    app.inject({
      method: 'GET',
      url: LIST,
      headers: { 'x-forwarded-for': address, ...(key ? { 'x-api-key': key } : {}) },
    });
}

/**
 * Every answer of a rate-limited endpoint carries the limit headers, its 401s too. Before a key is
 * known the limit in force is the address's bad-key limit, so a 401 tells that one.
 */
test('401s of a limited endpoint carry the bad-key limit headers of the address, counted truthfully', async () => {
  const get = await listFromOneAddress('5/60');

  const remaining: string[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await get(guessedKey());
    expect(response.statusCode).toBe(401);
    expect(response.headers).toMatchObject({
      'x-ratelimit-limit': '5',
      'ratelimit-policy': '"badApiKey";q=5;w=60',
    });
    const reset = Number(response.headers['x-ratelimit-reset']);
    // Unix seconds, within the 60 s window from now.
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
    expect(response.headers['retry-after']).toBeUndefined();
    remaining.push(String(response.headers['x-ratelimit-remaining']));
  }
  expect(remaining).toEqual(['4', '3', '2']);

  // No key at all: not counted, and the headers say where the address stands.
  const missing = await get(null);
  expect(missing.statusCode).toBe(401);
  expect(missing.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '2' });
  expect(Number(missing.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  expect(missing.headers['retry-after']).toBeUndefined();
  expect((await get(guessedKey())).headers['x-ratelimit-remaining']).toBe('1');
});

test("a bad key's 401 names the second its bucket empties, as a key's own bucket does: never past now plus the window", async () => {
  const get = await listFromOneAddress('2/60');

  const before = Date.now() / 1000;
  const first = await get(guessedKey());
  const after = Date.now() / 1000;
  const reset = Number(first.headers['x-ratelimit-reset']);

  expect(first.statusCode).toBe(401);
  // The window opened with this first bad key and ends on the last whole second at most 60 s later.
  expect(reset).toBeGreaterThan(before + 59);
  expect(reset).toBeLessThanOrEqual(Math.floor(after) + 60);
  // Every later answer about the same bucket names that same second: the next 401, a missing
  // key's 401 (read, not counted) and the 429 once the bucket is full.
  const second = await get(guessedKey());
  const missing = await get(null);
  const refused = await get(guessedKey());
  expect(
    [second, missing, refused].map((response) => [
      response.statusCode,
      Number(response.headers['x-ratelimit-reset']),
    ]),
  ).toEqual([
    [401, reset],
    [401, reset],
    [429, reset],
  ]);
});

test('while Redis is down a 401 still answers, with the limit headers counted in memory', async () => {
  const redis = await startRedisServer();
  await redis.stop();
  const { app } = await buildTestApp({ REDIS_URL: redis.url, RATE_LIMIT_BAD_API_KEY: '5/60' });
  const get = (key: string | null) =>
    app.inject({ method: 'GET', url: LIST, headers: key ? { 'x-api-key': key } : {} });

  const missing = await get(null);
  const guessed = await get(guessedKey());

  expect([missing.statusCode, missing.headers['x-ratelimit-limit']]).toEqual([401, '5']);
  expect([guessed.statusCode, guessed.headers['x-ratelimit-limit']]).toEqual([401, '5']);
  expect(Number(guessed.headers['x-ratelimit-remaining'])).toBeLessThan(5);
});
