import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';

const SITE = 'https://shop.example';

/** What a credentialed cross-origin answer needs for the page to read it. */
function expectCredentialedCors(response: LightMyRequestResponse, origin = SITE) {
  expect(response.headers['access-control-allow-origin']).toBe(origin);
  expect(response.headers['access-control-allow-credentials']).toBe('true');
  expect(String(response.headers.vary)).toMatch(/\bOrigin\b/);
}

function listHeader(response: LightMyRequestResponse, name: string): string[] {
  return String(response.headers[name] ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
}

describe('/api/v1 answers credentialed requests from pages (CORS_ORIGINS=* by default)', () => {
  test('the preflight of an SDK-shaped submit: origin echoed, credentials, its headers allowed, cached', async () => {
    const { app } = await buildTestApp();

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/forms/submit',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });

    expect(preflight.statusCode).toBe(204);
    expectCredentialedCors(preflight);
    expect(listHeader(preflight, 'access-control-allow-headers')).toEqual(
      expect.arrayContaining(['content-type', 'x-api-key', 'authorization']),
    );
    expect(listHeader(preflight, 'access-control-allow-methods')).toEqual(expect.arrayContaining(['post']));
    expect(preflight.headers['access-control-max-age']).toBe('7200');
  });

  test('the preflight of a webhook endpoint change allows PATCH and DELETE', async () => {
    const { app } = await buildTestApp();

    for (const method of ['PATCH', 'DELETE']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/forms/f1/webhooks/w1',
        headers: { origin: SITE, 'access-control-request-method': method },
      });

      expect(preflight.statusCode).toBe(204);
      expect(listHeader(preflight, 'access-control-allow-methods')).toEqual(
        expect.arrayContaining([method.toLowerCase()]),
      );
    }
  });

  test('successes and every error body carry the CORS headers and expose the rate-limit headers', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const origin = { origin: SITE };

    const ok = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}`,
      key: owner.key,
      headers: origin,
    });
    const badRequest = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key: owner.key,
      headers: origin,
      payload: { formId: form.id, data: { email: 'not an email' } },
    });
    const unauthorized = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, headers: origin });
    const notFound = await call(app, {
      method: 'GET',
      url: '/api/v1/forms/0123456789abcdef01234567',
      key: owner.key,
      headers: origin,
    });

    expect([ok.statusCode, badRequest.statusCode, unauthorized.statusCode, notFound.statusCode]).toEqual([
      200, 400, 401, 404,
    ]);
    for (const response of [ok, badRequest, unauthorized, notFound]) {
      expectCredentialedCors(response);
    }
    expect(errorBody(unauthorized)).toEqual({
      error: 'API key is required',
      message: 'API key is required',
      code: 'UNAUTHORIZED',
    });
    expect(errorBody(notFound)).toMatchObject({ error: 'Form not found', code: 'NOT_FOUND' });
    expect(ok.headers['x-ratelimit-limit']).toBe('100');
    expect(listHeader(ok, 'access-control-expose-headers')).toEqual(
      expect.arrayContaining([
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'retry-after',
        'ratelimit',
        'ratelimit-policy',
      ]),
    );
  });

  test('a 429 carries the CORS headers and Retry-After, so the page can back off', async () => {
    const { app } = await buildTestApp({ RATE_LIMIT_GET_FORM: '1/60' });
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const request = {
      method: 'GET',
      url: `/api/v1/forms/${form.id}`,
      key: owner.key,
      headers: { origin: SITE },
    } as const;

    expect((await call(app, request)).statusCode).toBe(200);
    const limited = await call(app, request);

    expect(limited.statusCode).toBe(429);
    expectCredentialedCors(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBody(limited)).toMatchObject({ error: 'Rate limit exceeded' });
  });

  test('refusals before any key is read (405, 413, 415) are readable by the page too', async () => {
    const { app } = await buildTestApp();
    const origin = { origin: SITE };

    const wrongMethod = await app.inject({ method: 'GET', url: '/api/v1/forms/submit', headers: origin });
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/api/v1/forms/submit',
      headers: { ...origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ formId: 'x', data: { text: 'x'.repeat(200_000) } }),
    });
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/forms/submit',
      headers: { ...origin, 'content-type': 'text/plain' },
      payload: 'formId=x',
    });

    expect([wrongMethod.statusCode, tooLarge.statusCode, notJson.statusCode]).toEqual([405, 413, 415]);
    for (const response of [wrongMethod, tooLarge, notJson]) {
      expectCredentialedCors(response);
    }
  });

  test('a request without Origin (a server) gets no CORS headers, only Vary: Origin for caches', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();

    const response = await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });

    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(String(response.headers.vary)).toMatch(/\bOrigin\b/);
  });
});

describe('CORS_ORIGINS as a list', () => {
  test('a listed origin is echoed with credentials; another origin gets no CORS headers', async () => {
    const { app } = await buildTestApp({ CORS_ORIGINS: `https://other.example, ${SITE}` });
    const owner = await createOwner();
    const request = (origin: string) =>
      call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key, headers: { origin } });
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/v1/forms/list',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        },
      });

    const listed = await request(SITE);
    const unlisted = await request('https://evil.example');
    const unlistedPreflight = await preflight('https://evil.example');

    expectCredentialedCors(listed);
    expectCredentialedCors(await preflight(SITE));
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
    expect(unlistedPreflight.headers['access-control-allow-origin']).toBeUndefined();
    // Caches must keep the two apart.
    expect(String(unlisted.headers.vary)).toMatch(/\bOrigin\b/);
  });
});
