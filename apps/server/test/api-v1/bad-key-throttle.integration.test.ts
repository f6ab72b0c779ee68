import { randomBytes, randomInt } from 'node:crypto';
import { once } from 'node:events';

import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner } from './helpers/fixtures.js';

const LIST = '/api/v1/forms/list';

/** The app behind a trusted proxy (loopback), so each test speaks from addresses of its own. */
async function appBehindProxy() {
  const { app } = await buildTestApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_BAD_API_KEY: '5/60' });
  // Count in Redis from the first request (before it is ready the limiter counts in memory).
  if (app.redis.status !== 'ready') {
    await once(app.redis, 'ready');
  }

  return app;
}

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const guessedKey = () =>
  `mk_live_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, 32)}`;

test('an address that sent 5 bad keys gets 429 with the limit headers, before any further lookup', async () => {
  const app = await appBehindProxy();
  const owner = await createOwner();
  const flooder = randomAddress();
  const get = (key: string | null, address: string) =>
    app.inject({
      method: 'GET',
      url: LIST,
      headers: { 'x-forwarded-for': address, ...(key ? { 'x-api-key': key } : {}) },
    });

  const statuses = [];
  for (let i = 0; i < 5; i++) {
    statuses.push((await get(guessedKey(), flooder)).statusCode);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401]);

  const refused = await get(guessedKey(), flooder);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({
    error: 'Rate limit exceeded',
    message: 'Rate limit exceeded',
    code: 'TOO_MANY_REQUESTS',
  });
  expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(Number(refused.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
  expect(String(refused.headers['ratelimit-policy'])).toBe('"badApiKey";q=5;w=60');
  // The address is refused as a whole: its keys are not looked up any more, valid or not.
  expect((await get(owner.key, flooder)).statusCode).toBe(429);
  // Other addresses are untouched.
  expect((await get(owner.key, randomAddress())).statusCode).toBe(200);
});

test('valid keys and missing keys never count: a busy legitimate client keeps the documented order', async () => {
  const app = await appBehindProxy();
  const owner = await createOwner();
  const client = randomAddress();
  const get = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: LIST, headers: { 'x-forwarded-for': client, ...headers } });

  const statuses = [];
  for (let i = 0; i < 12; i++) {
    statuses.push((await get({ 'x-api-key': owner.key })).statusCode);
    statuses.push((await get({})).statusCode);
  }
  expect(statuses).toEqual(Array.from({ length: 12 }, () => [200, 401]).flat());
  // Four bad keys stay under the limit of 5 and answer 401, as always.
  for (let i = 0; i < 4; i++) {
    expect((await get({ 'x-api-key': guessedKey() })).statusCode).toBe(401);
  }
  expect((await get({ 'x-api-key': owner.key })).statusCode).toBe(200);
});
