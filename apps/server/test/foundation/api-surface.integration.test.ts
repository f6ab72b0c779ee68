import type { AppRouter } from '@formwell/api';
import { readFileSync } from 'node:fs';

import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';

/** The product version's one owner: the repository root's package.json (releases bump it). */
const productVersion = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

test('the product has a release version, not a placeholder', () => {
  expect(productVersion).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
  expect(productVersion).not.toBe('0.0.0');
});

test('the first procedure is served at /api/v1 and at /trpc, with the product version', async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const rest = await fetch(`${address}/api/v1/status`);
  expect(rest.status).toBe(200);
  expect(await rest.json()).toEqual({ status: 'ok', name: 'Formwell', version: productVersion });

  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${address}/trpc` })] });
  expect(await client.system.getStatus.query()).toEqual({
    status: 'ok',
    name: 'Formwell',
    version: productVersion,
  });
  const document = (await (await fetch(`${address}/api/v1/openapi.json`)).json()) as {
    info: { version: string };
  };
  expect(document.info.version).toBe(productVersion);
});

test('GET /api/v1/openapi.json serves the OpenAPI 3.1 document', async () => {
  const { app } = await buildTestApp({ PUBLIC_URL: 'https://forms.example.com' });
  const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });

  expect(response.statusCode).toBe(200);
  const document = response.json<{ openapi: string; servers: unknown }>();
  expect(document.openapi).toBe('3.1.0');
  expect(document.servers).toEqual([{ url: 'https://forms.example.com/api/v1' }]);
});

test('the API reference page is served', async () => {
  const { app } = await buildTestApp();
  const response = await app.inject({ method: 'GET', url: '/docs/' });

  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  expect(response.body).toContain('swagger-ui');
});

test('an unknown /api/v1 path answers 404 with the error body', async () => {
  const { app } = await buildTestApp();
  const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });

  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
});

test('an unexpected HTTP method under /api/v1 still gets the error body', async () => {
  const { app } = await buildTestApp();
  const response = await app.inject({ method: 'POST', url: '/api/v1/status', payload: {} });

  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(Object.keys(response.json<object>()).sort()).toEqual(['code', 'error', 'message']);
});

test('the legacy apiKey query value never reaches the logs', async () => {
  const { app, logLines } = await buildTestApp();
  await app.inject({ method: 'GET', url: '/api/v1/status?apiKey=mk_live_ThisMustNeverBeLogged000000000' });

  expect(logLines.some((line) => line.includes('apiKey=[REDACTED]'))).toBe(true);
  expect(logLines.join('\n')).not.toContain('mk_live_ThisMustNeverBeLogged');
});

test('the default thank-you page is served', async () => {
  const { app } = await buildTestApp();
  const response = await app.inject({ method: 'GET', url: '/thank-you' });

  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.body).toContain('Thank you!');
});

test('paths outside /api/v1 answer errors with the same body, without echoing the URL', async () => {
  const { app, logLines } = await buildTestApp();
  const key = 'mk_live_NeverEchoed0000000000000000000000';
  const notFound = await app.inject({ method: 'GET', url: `/nope?apiKey=${key}` });

  expect(notFound.statusCode).toBe(404);
  expect(notFound.json()).toEqual({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });

  const badUrl = await app.inject({ method: 'GET', url: '/api/v1/forms/%FF%FE' });
  expect(badUrl.statusCode).toBe(400);
  expect(badUrl.json()).toEqual({ error: 'Invalid URL', message: 'Invalid URL', code: 'BAD_REQUEST' });
  expect(logLines.join('\n')).not.toContain(key);
});

test('a key in an encoded parameter name or in the path never reaches the logs', async () => {
  const { app, logLines } = await buildTestApp();
  const key = 'mk_live_EncodedNameMustNotLeak000000000000';
  await app.inject({ method: 'GET', url: `/api/v1/forms/list?api%4Bey=${key}` });
  await app.inject({ method: 'GET', url: `/api/v1/forms/${key}` });

  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('\n')).not.toContain('EncodedNameMustNotLeak');
});

test('HEAD under /api/v1 is authenticated as its GET, never answered without it', async () => {
  const { app } = await buildTestApp();
  const response = await app.inject({
    method: 'HEAD',
    url: '/api/v1/forms/list',
    headers: { 'x-api-key': 'mk_live_bogus' },
  });

  expect([response.statusCode, response.body]).toEqual([401, '']);
});

test('a wrong content type gets a fixed, complete 415 text', async () => {
  const { app } = await buildTestApp();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/forms/submit',
    headers: { 'content-type': 'text/plain' },
    payload: 'x',
  });

  expect(response.statusCode).toBe(415);
  expect(response.json()).toEqual({
    error: 'Unsupported Media Type: send application/json',
    message: 'Unsupported Media Type: send application/json',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  });
});
