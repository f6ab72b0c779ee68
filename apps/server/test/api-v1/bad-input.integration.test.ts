import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const SUBMIT = '/api/v1/forms/submit';

/** Every error body of /api/v1 has this shape ({error, message, code, issues?}), whatever produced it. */
function expectErrorBody(
  response: { statusCode: number; json<T>(): T; headers: Record<string, unknown> },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/stack|at \/|node_modules/);
}

test('submit: malformed JSON, wrong content type, oversize body → 400 / 415 / 413 with the error body', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { fields: [] });
  const headers = { 'content-type': 'application/json' };

  const malformed = await call(app, {
    method: 'POST',
    url: SUBMIT,
    key: owner.key,
    headers,
    payload: '{"formId": "x", "data": {',
  });
  const textPlain = await call(app, {
    method: 'POST',
    url: SUBMIT,
    key: owner.key,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ formId: form.id, data: {} }),
  });
  const form_urlencoded = await call(app, {
    method: 'POST',
    url: SUBMIT,
    key: owner.key,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `formId=${form.id}`,
  });
  const oversize = await call(app, {
    method: 'POST',
    url: SUBMIT,
    key: owner.key,
    headers,
    payload: JSON.stringify({ formId: form.id, data: { a: 'x'.repeat(101 * 1024) } }),
  });
  const empty = await call(app, { method: 'POST', url: SUBMIT, key: owner.key, headers, payload: '' });

  expectErrorBody(malformed, 400);
  expectErrorBody(textPlain, 415);
  expectErrorBody(form_urlencoded, 415);
  expectErrorBody(oversize, 413);
  expectErrorBody(empty, 400);
});

test('without a key: a broken or too deep JSON body is its 400 first, bad parameters wait behind the 401', async () => {
  const { app } = await buildTestApp();
  const headers = { 'content-type': 'application/json' };
  const submit = (payload: string) => call(app, { method: 'POST', url: SUBMIT, headers, payload });

  // The body checks (size, content type, JSON syntax and depth) run before any other work, as
  // they do with a key; parameters are checked only for an admitted key.
  const broken = await submit('{"formId": "x", "data": {');
  const nested = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
  const deep = await submit(`{"formId": "x", "data": ${nested}}`);
  const badParameters = await submit(JSON.stringify({ formId: 42, data: 'not an object' }));

  expect([broken.statusCode, deep.statusCode, badParameters.statusCode]).toEqual([400, 400, 401]);
  expect(errorBody(badParameters).code).toBe('UNAUTHORIZED');
});

test('submit: operator injection and wrong JSON types are 400 "Input validation failed", never a query', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { fields: [] });
  const payloads = [
    { formId: { $gt: '' }, data: {} },
    { formId: { $ne: null }, data: { a: 1 } },
    { formId: [form.id], data: {} },
    { formId: form.id, data: 'a string' },
    { formId: form.id, data: [1, 2] },
    { formId: form.id },
    { data: {} },
    { formId: form.id, data: {}, redirectUrl: { $gt: '' } },
    { formId: 'x'.repeat(101), data: {} },
    [],
    'just a string',
    42,
    null,
  ];

  for (const payload of payloads) {
    const response = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });

    expect([JSON.stringify(payload), response.statusCode]).toEqual([JSON.stringify(payload), 400]);
    expectErrorBody(response, 400);
  }
  const issues = (
    await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: { $gt: '' }, data: {} },
    })
  ).json<{
    error: string;
    issues: { path: string[] }[];
  }>();
  expect(issues.error).toBe('Input validation failed');
  expect(issues.issues.map((issue) => issue.path.join('.'))).toContain('formId');
});

test('ids: operator-looking, unicode, very long or malformed path ids are a clear 4xx on every endpoint', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const ids = [
    '%24gt',
    '%7B%22%24gt%22%3A%22%22%7D',
    'null',
    'undefined',
    '0',
    '%C3%A9t%C3%A9-%F0%9F%98%80',
    'a'.repeat(64),
    'a'.repeat(65),
    'b'.repeat(3000),
    '65a00000000000000000000Z',
    '..%2F..%2Fetc',
  ];
  const paths = (id: string) => [
    `/api/v1/forms/${id}`,
    `/api/v1/forms/${id}/submissions`,
    `/api/v1/forms/${id}/users-joined`,
    `/api/v1/forms/${id}/submissions/export.csv`,
  ];

  for (const id of ids) {
    for (const url of paths(id)) {
      const response = await call(app, { method: 'GET', url, key: owner.key });

      expect([url.slice(0, 80), response.statusCode >= 400 && response.statusCode < 500]).toEqual([
        url.slice(0, 80),
        true,
      ]);
      expectErrorBody(response, response.statusCode);
    }
  }
});

test('a path id that names no form is 404 Form not found on every form route, however it is spelt', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const ids = ['65a000000000000000000000', 'not-an-id', 'a'.repeat(64), 'a'.repeat(65), '%61'.repeat(65)];
  const routes = [
    '/forms/{id}',
    '/forms/{id}/submissions',
    '/forms/{id}/users-joined',
    '/forms/{id}/analytics',
    '/forms/{id}/submissions/export.csv',
    '/forms/{id}/webhooks',
  ];
  const answers: string[] = [];
  for (const route of routes) {
    for (const id of ids) {
      const response = await call(app, {
        method: 'GET',
        url: `/api/v1${route.replace('{id}', id)}`,
        key: owner.key,
      });
      answers.push(`${route} ${id.length} → ${response.statusCode} ${String(errorBody(response).error)}`);
    }
  }

  expect(answers).toEqual(
    routes.flatMap((route) => ids.map((id) => `${route} ${id.length} → 404 Form not found`)),
  );
});

test('query parameters: repeated, out of range, unicode and very long values are 4xx; unknown ones are ignored', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);
  const base = `/api/v1/forms/${form.id}/submissions`;
  const cases = [
    { query: 'limit=1&limit=2', status: 400 },
    { query: 'limit=%00', status: 400 },
    // `limit` is an integer 1..100 in decimal digits; other spellings of a number are refused.
    { query: 'limit=1e1', status: 400 },
    { query: 'limit=0x10', status: 400 },
    { query: 'limit=%205', status: 400 },
    { query: 'limit=7', status: 200 },
    { query: 'startDate=2026-02-30', status: 400 },
    { query: `cursor=${'c'.repeat(5000)}`, status: 400 },
    { query: 'startDate=%F0%9F%98%80', status: 400 },
    { query: `email=${'e'.repeat(400)}`, status: 400 },
    { query: 'email=%C3%BCnic%C3%B6de%40example.com', status: 200 },
    { query: 'email[$ne]=x', status: 200 },
    { query: 'unknown=1&another=%7B%7D', status: 200 },
  ];

  for (const { query, status } of cases) {
    const response = await call(app, { method: 'GET', url: `${base}?${query}`, key: owner.key });

    expect([query.slice(0, 60), response.statusCode]).toEqual([query.slice(0, 60), status]);
    if (status >= 400) {
      expectErrorBody(response, status);
    }
  }
});

test('submit: unicode data and field names round-trip; a very long key name is refused as an unknown field', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { fields: [] });
  const data = { name: 'Zoë 😀 مرحبا 你好', ключ: 'значение', emoji: '👩‍👩‍👧‍👦' };
  const created = await call(app, {
    method: 'POST',
    url: SUBMIT,
    key: owner.key,
    payload: { formId: form.id, data },
  });
  const listed = await call(app, {
    method: 'GET',
    url: `/api/v1/forms/${form.id}/submissions`,
    key: owner.key,
  });

  expect(created.statusCode).toBe(201);
  expect(listed.json<{ submissions: { data: unknown }[] }>().submissions[0]?.data).toEqual(data);

  const withFields = await createTestForm(owner.userId);
  const longKey = await call(app, {
    method: 'POST',
    url: SUBMIT,
    key: owner.key,
    payload: { formId: withFields.id, data: { email: 'a@example.com', ['k'.repeat(5000)]: 'v' } },
  });
  expect([longKey.statusCode, errorBody(longKey).error]).toEqual([400, 'Invalid submission data']);
});

test('free-form data keys that look like operators or paths are refused; nothing reaches the database', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { fields: [] });
  const submitRaw = (payload: string) =>
    call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload,
      headers: { 'content-type': 'application/json' },
    });

  for (const key of ['$set', 'a.b', '$where', '']) {
    const response = await submitRaw(`{"formId":"${form.id}","data":{"${key}":"v"}}`);

    expectErrorBody(response, 400);
    expect([key, errorBody(response).error, errorBody(response).fieldErrors]).toEqual([
      key,
      'Invalid submission data',
      { [key]: 'Keys may not be empty, contain "." or start with "$"' },
    ]);
  }
  // JSON.parse would turn this key into a prototype; Fastify's parser refuses it outright, and the
  // answer says so rather than calling the (valid) JSON broken.
  const prototypeKey = await submitRaw(`{"formId":"${form.id}","data":{"__proto__":{"polluted":true}}}`);
  expectErrorBody(prototypeKey, 400);
  expect(errorBody(prototypeKey).error).toBe(
    'JSON keys "__proto__" and "constructor.prototype" are not accepted',
  );
  const broken = await submitRaw(`{"formId":"${form.id}","data":`);
  expect([broken.statusCode, errorBody(broken).error]).toEqual([
    400,
    "Body is not valid JSON but content-type is set to 'application/json'",
  ]);
  expect((await submitRaw(`{"formId":"${form.id}","data":{"constructor":"v"}}`)).statusCode).toBe(201);

  const listed = await call(app, {
    method: 'GET',
    url: `/api/v1/forms/${form.id}/submissions`,
    key: owner.key,
  });
  const stored = listed
    .json<{ submissions: { data: Record<string, unknown> }[] }>()
    .submissions.map((submission) => submission.data);
  expect(stored).toEqual([{ constructor: 'v' }] as Record<string, unknown>[]);
});
