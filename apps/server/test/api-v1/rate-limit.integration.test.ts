import { setTimeout as sleep } from 'node:timers/promises';

import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { Redis } from 'ioredis';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { buildLimitedApp } from './helpers/build-limited-app.js';
import { createKey, createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const LIMITED = { error: 'Rate limit exceeded', message: 'Rate limit exceeded', code: 'TOO_MANY_REQUESTS' };

/**
 * Tests that expect a 429 use windows of an hour: a window opens at its first request, and on a
 * busy machine a minute can pass before the request that must still find it closed.
 */
describe('default rate limits and their headers', () => {
  test('each endpoint announces its configured limit, and every response carries the headers', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const cases = [
      {
        limit: '100',
        policy: '"formsList";q=100;w=60',
        request: { method: 'GET', url: '/api/v1/forms/list' },
      },
      {
        limit: '100',
        policy: '"getForm";q=100;w=60',
        request: { method: 'GET', url: `/api/v1/forms/${form.id}` },
      },
      {
        limit: '100',
        policy: '"submissionsList";q=100;w=60',
        request: { method: 'GET', url: `/api/v1/forms/${form.id}/submissions` },
      },
      {
        limit: '300',
        policy: '"usersJoined";q=300;w=60',
        request: { method: 'GET', url: `/api/v1/forms/${form.id}/users-joined` },
      },
      {
        limit: '600',
        policy: '"submit";q=600;w=60',
        request: {
          method: 'POST',
          url: '/api/v1/forms/submit',
          payload: { formId: form.id, data: { email: 'a@example.com' } },
        },
      },
    ] as const;

    for (const { limit, policy, request } of cases) {
      const before = Date.now() / 1000;
      const response = await call(app, { ...request, key: owner.key });
      const after = Date.now() / 1000;
      const reset = Number(response.headers['x-ratelimit-reset']);

      expect([
        request.url,
        response.headers['x-ratelimit-limit'],
        response.headers['x-ratelimit-remaining'],
      ]).toEqual([request.url, limit, String(Number(limit) - 1)]);
      // The window opened while the request ran and ends on the last whole second at most 60 s
      // later: no later than now plus the window, however a client rounds its clock.
      expect(reset).toBeGreaterThan(before + 59);
      expect(reset).toBeLessThanOrEqual(Math.floor(after) + 60);
      expect(response.headers['ratelimit-policy']).toBe(policy);
      expect(response.headers.ratelimit).toMatch(new RegExp(`^"\\w+";r=${Number(limit) - 1};t=(60|59)$`));
      expect(response.headers['retry-after']).toBeUndefined();
    }
  });

  test('error responses after authentication carry the headers too (404, 400, 403 foreign)', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const other = await createOwner();
    const foreign = await createTestForm(other.userId);

    const notFound = await call(app, {
      method: 'GET',
      url: '/api/v1/forms/65a000000000000000000000',
      key: owner.key,
    });
    const badLimit = await call(app, { method: 'GET', url: '/api/v1/forms/list?limit=500', key: owner.key });
    const foreignForm = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${foreign.id}/submissions`,
      key: owner.key,
    });

    for (const response of [notFound, badLimit, foreignForm]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-ratelimit-limit']).toBe('100');
      expect(response.headers['x-ratelimit-remaining']).toBe('99');
      expect(response.headers['x-ratelimit-reset']).toMatch(/^\d{10}$/);
    }
  });
});

describe('limits configured small', () => {
  test('get form: per key and form; the 4th request is 429 with Retry-After and the body "Rate limit exceeded"', async () => {
    const { app } = await buildLimitedApp({ config: { RATE_LIMIT_GET_FORM: '3/60' } });
    const owner = await createOwner();
    const formA = await createTestForm(owner.userId);
    const formB = await createTestForm(owner.userId);
    const second = await createKey({ userId: owner.userId });
    const get = (formId: string, key = owner.key) =>
      call(app, { method: 'GET', url: `/api/v1/forms/${formId}`, key });

    const remaining: unknown[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await get(formA.id);
      expect(response.statusCode).toBe(200);
      remaining.push(response.headers['x-ratelimit-remaining']);
    }
    const limited = await get(formA.id);

    expect(remaining).toEqual(['2', '1', '0']);
    expect(limited.statusCode).toBe(429);
    expect(errorBody(limited)).toEqual(LIMITED);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(
      Math.floor(Date.now() / 1000) + retryAfter - 1,
    );
    expect(limited.headers.ratelimit).toMatch(/^"getForm";r=0;t=\d+$/);

    // Another form, or another key, has a bucket of its own.
    expect((await get(formB.id)).statusCode).toBe(200);
    expect((await get(formA.id, second.key)).statusCode).toBe(200);
  });

  test('429 comes before 400 and before 404 (the order of checks)', async () => {
    const { app } = await buildLimitedApp({
      config: { RATE_LIMIT_FORMS_LIST: '1/3600', RATE_LIMIT_GET_FORM: '1/3600' },
    });
    const owner = await createOwner();

    expect((await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key })).statusCode).toBe(
      200,
    );
    const badParams = await call(app, {
      method: 'GET',
      url: '/api/v1/forms/list?limit=0&cursor=%%%',
      key: owner.key,
    });
    expect([badParams.statusCode, errorBody(badParams)]).toEqual([429, LIMITED]);

    const missing = '/api/v1/forms/65a000000000000000000000';
    expect((await call(app, { method: 'GET', url: missing, key: owner.key })).statusCode).toBe(404);
    const again = await call(app, { method: 'GET', url: missing, key: owner.key });
    expect([again.statusCode, errorBody(again)]).toEqual([429, LIMITED]);
  });

  test('401 and 404-user come before 429: an unknown key is never rate-limited', async () => {
    const { app } = await buildLimitedApp({ config: { RATE_LIMIT_FORMS_LIST: '1/3600' } });
    for (let index = 0; index < 3; index++) {
      const response = await call(app, { method: 'GET', url: '/api/v1/forms/list', key: 'mk_live_unknown' });

      expect(response.statusCode).toBe(401);
    }
  });

  test('the window resets: at X-RateLimit-Reset, no later than now plus the window, the key is allowed again', async () => {
    const { app } = await buildLimitedApp({ config: { RATE_LIMIT_FORMS_LIST: '2/2' } });
    const owner = await createOwner();
    const list = () => call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });

    await list();
    await list();
    const limited = await list();
    const reset = Number(limited.headers['x-ratelimit-reset']);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(reset).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 2);

    // The announced second itself (plus the few milliseconds Redis needs to see a key as expired).
    await sleep(reset * 1000 - Date.now() + 5);
    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-ratelimit-remaining']).toBe('1');
  });

  test("submit is limited per key; users-joined and submissions per key and form; the CSV export shares the listing's bucket", async () => {
    const { app } = await buildLimitedApp({
      config: {
        RATE_LIMIT_SUBMIT: '2/3600',
        RATE_LIMIT_USERS_JOINED: '1/3600',
        RATE_LIMIT_SUBMISSIONS_LIST: '2/3600',
      },
    });
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const formB = await createTestForm(owner.userId);
    const submit = (formId: string) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key: owner.key,
        payload: { formId, data: { email: 'x@example.com' } },
      });

    await submit(form.id);
    await submit(formB.id);
    const thirdSubmit = await submit(form.id);
    expect([thirdSubmit.statusCode, errorBody(thirdSubmit)]).toEqual([429, LIMITED]);

    const joined = `/api/v1/forms/${form.id}/users-joined`;
    expect((await call(app, { method: 'GET', url: joined, key: owner.key })).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: joined, key: owner.key })).statusCode).toBe(429);
    expect(
      (await call(app, { method: 'GET', url: `/api/v1/forms/${formB.id}/users-joined`, key: owner.key }))
        .statusCode,
    ).toBe(200);

    expect(
      (await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}/submissions`, key: owner.key }))
        .statusCode,
    ).toBe(200);
    const exported = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions/export.csv`,
      key: owner.key,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['x-ratelimit-remaining']).toBe('0');
    const limitedExport = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions/export.csv`,
      key: owner.key,
    });
    expect([limitedExport.statusCode, errorBody(limitedExport)]).toEqual([429, LIMITED]);
    expect(limitedExport.headers['retry-after']).toMatch(/^\d+$/);
  });

  test('two app instances on the same Redis share one counter', async () => {
    const mongoUri = testMongoUri('replicas');
    const config = { RATE_LIMIT_FORMS_LIST: '4/3600' };
    const first = await buildLimitedApp({ config, mongoUri });
    const second = await buildLimitedApp({ config, mongoUri });
    const owner = await createOwner();
    const list = (app: typeof first.app) =>
      call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });

    const statuses = [];
    for (const app of [first.app, second.app, first.app, second.app, first.app, second.app]) {
      statuses.push((await list(app)).statusCode);
    }

    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  test("the Redis counters are named by key id under the owner's hash tag; the raw key never appears in Redis", async () => {
    const { app } = await buildLimitedApp({ config: { RATE_LIMIT_FORMS_LIST: '5/60' } });
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });
    await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    const redis = new Redis(testRedisUrl());
    try {
      const keys = await redis.keys('*');

      // `{u:<id>}`: the counter and the owner's auth epoch share a cluster slot (one script reads both).
      const tag = `{u:${owner.userId}}`;
      expect(keys).toContain(`formwell:rl:formsList:${tag}:api_v1_forms_list_${owner.keyId}`);
      expect(keys).toContain(`formwell:rl:getForm:${tag}:api_v1_forms_get_${owner.keyId}_${form.id}`);
      expect(keys).toContain(`formwell:auth:${tag}:epoch`);
      expect(keys.join('\n')).not.toContain(owner.key);
      expect(keys.join('\n')).not.toContain(owner.key.slice(8));
    } finally {
      redis.disconnect();
    }
  });
});

describe('Redis outage', () => {
  test('limits fall back to process memory with a warning; requests are not refused for the outage', async () => {
    const redisServer = await startRedisServer();
    try {
      const { app, logLines } = await buildLimitedApp({
        config: { RATE_LIMIT_FORMS_LIST: '3/3600' },
        redisUrl: redisServer.url,
      });
      const owner = await createOwner();
      const list = () => call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });
      expect((await list()).statusCode).toBe(200);

      await redisServer.stop();
      const during = [];
      for (let index = 0; index < 4; index++) {
        during.push((await list()).statusCode);
      }

      // The memory limiter starts its own count: 3 allowed, then limited; never a 5xx.
      expect(during).toEqual([200, 200, 200, 429]);
      expect(
        logLines.some((line) => line.includes('Redis unreachable, using per-process memory limits')),
      ).toBe(true);
    } finally {
      await redisServer.stop();
    }
  });
});
