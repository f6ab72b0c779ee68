import { listProcedures } from '@formwell/api';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

const METHOD_NOT_ALLOWED = {
  error: 'Method not allowed',
  message: 'Method not allowed',
  code: 'METHOD_NOT_SUPPORTED',
};

test('a wrong method on a known path is 405 with Allow, before authentication', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);
  const cases = [
    { method: 'POST', url: '/api/v1/forms/list', allow: 'GET, HEAD' },
    { method: 'PUT', url: `/api/v1/forms/${form.id}`, allow: 'DELETE, GET, PATCH, HEAD' },
    { method: 'GET', url: '/api/v1/forms/submit', allow: 'POST' },
    { method: 'PUT', url: `/api/v1/forms/${form.id}/users-joined`, allow: 'GET, HEAD' },
    { method: 'PATCH', url: `/api/v1/forms/${form.id}/submissions?limit=5`, allow: 'GET, HEAD' },
    { method: 'POST', url: '/api/v1/openapi.json', allow: 'GET, HEAD' },
    { method: 'DELETE', url: `/api/v1/forms/${form.id}/submissions/export.csv`, allow: 'GET, HEAD' },
    { method: 'HEAD', url: '/api/v1/forms/submit', allow: 'POST' },
  ] as const;

  for (const { method, url, allow } of cases) {
    for (const key of [owner.key, undefined]) {
      const response = await call(app, { method, url, key, payload: method === 'HEAD' ? undefined : {} });
      expect([method, url, response.statusCode, response.headers.allow]).toEqual([method, url, 405, allow]);
      if (method !== 'HEAD') {
        expect(response.json()).toEqual(METHOD_NOT_ALLOWED);
      }
    }
  }
});

test('right methods still work, unknown paths stay 404, and CORS preflight is untouched', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();

  expect((await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key })).statusCode).toBe(
    200,
  );
  const unknown = await call(app, { method: 'POST', url: '/api/v1/nope', key: owner.key, payload: {} });
  expect([unknown.statusCode, unknown.json()]).toEqual([
    404,
    { error: 'Not found', message: 'Not found', code: 'NOT_FOUND' },
  ]);
  expect((await call(app, { method: 'HEAD', url: '/api/v1/nope' })).statusCode).toBe(404);
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/v1/forms/submit',
    headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' },
  });
  expect(preflight.statusCode).toBe(204);
});

test('the 405 and the procedure see one path, however the prefix or path is spelled', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);

  // The router decodes `%76%31` into `v1` to pick the scope: this must not reach form "submit".
  for (const url of ['/api/%76%31/forms/submit', '/%61pi/v1/forms/submit', '/api/v1/forms/x/../submit']) {
    const response = await call(app, { method: 'GET', url, key: owner.key });
    expect([url, response.statusCode, response.headers.allow, response.json()]).toEqual([
      url,
      405,
      'POST',
      METHOD_NOT_ALLOWED,
    ]);
  }
  const served = await call(app, { method: 'GET', url: `/api/%76%31/forms/${form.id}`, key: owner.key });
  expect([served.statusCode, served.json<{ id: string }>().id]).toEqual([200, form.id]);
  const listed = await call(app, { method: 'GET', url: '/api/%76%31/forms/list?limit=1', key: owner.key });
  expect(listed.statusCode).toBe(200);
});

test('outside /api/v1 too, a known path asked with another method is 405 with Allow', async () => {
  const { app } = await buildTestApp();
  const cases = [
    { method: 'GET', url: '/api/webhooks/payments' },
    { method: 'PUT', url: '/api/webhooks/custom' },
    { method: 'GET', url: '/f/6b0000000000000000000001' },
    { method: 'DELETE', url: '/f/6b0000000000000000000001?x=1' },
  ];

  for (const { method, url } of cases) {
    const response = await app.inject({ method, url });
    expect([method, url, response.statusCode, response.json()]).toEqual([
      method,
      url,
      405,
      METHOD_NOT_ALLOWED,
    ]);
    expect(response.headers.allow?.toString().split(', ')).toContain('POST');
  }
  const unknown = await app.inject({ method: 'GET', url: '/api/webhooks/nope' });
  expect(unknown.statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
});

test('HEAD answers as GET without a body on every GET route of /api/v1, authenticated and counted', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { settings: { usersJoined: { enabled: true } } });
  const getPaths = listProcedures().flatMap(({ meta }) =>
    meta?.openapi?.method === 'GET' ? [meta.openapi.path] : [],
  );
  const paths = [...getPaths, '/forms/{formId}/submissions/export.csv', '/openapi.json'];
  expect(paths).toEqual(expect.arrayContaining(['/status', '/forms/list', '/forms/{formId}']));

  for (const path of paths) {
    const url = `/api/v1${path.replace('{formId}', form.id).replace(/\{\w+\}/g, '65a000000000000000000000')}`;
    for (const key of [owner.key, undefined]) {
      const get = await call(app, { method: 'GET', url, key });
      const head = await call(app, { method: 'HEAD', url, key });
      const label = `${path} ${key ? 'with' : 'without'} a key`;

      // The length the GET's body has, errors included (their body is rebuilt before HEAD drops it).
      expect([
        label,
        head.statusCode,
        head.headers['content-type'],
        head.headers['content-length'],
        head.body,
      ]).toEqual([label, get.statusCode, get.headers['content-type'], get.headers['content-length'], '']);
      if (get.headers['x-ratelimit-limit'] !== undefined) {
        // The HEAD ran the same guard: limited like the GET, and one more request in the bucket.
        expect([label, head.headers['x-ratelimit-limit']]).toEqual([label, get.headers['x-ratelimit-limit']]);
        if (key) {
          expect(Number(head.headers['x-ratelimit-remaining'])).toBe(
            Number(get.headers['x-ratelimit-remaining']) - 1,
          );
        }
      }
    }
  }
});

test('an OPTIONS that is no preflight answers the same whatever its body type: multipart too is 404', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const boundary = 'XBOUNDARYX';
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="formId"\r\n\r\nabc\r\n--${boundary}--\r\n`;
  for (const url of ['/api/v1/forms/submit', '/api/v1/forms/submit/', '/api/v1/forms/list']) {
    const answers = [];
    for (const [type, payload] of [
      ['application/json', '{}'],
      ['text/plain', 'hello'],
      [`multipart/form-data; boundary=${boundary}`, multipart],
    ] as const) {
      const response = await call(app, {
        method: 'OPTIONS',
        url,
        key: owner.key,
        headers: { 'content-type': type },
        payload,
      });
      answers.push([type.split(';')[0], response.statusCode, response.json()]);
    }
    expect(answers).toEqual(
      ['application/json', 'text/plain', 'multipart/form-data'].map((type) => [
        type,
        404,
        { error: 'Not found', message: 'Not found', code: 'NOT_FOUND' },
      ]),
    );
  }
});
