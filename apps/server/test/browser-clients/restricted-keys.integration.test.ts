import { createApiKey, listSubmissions, updateForm } from '@formwell/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const SITE = 'https://shop.example';
const FORM_REFUSED = {
  error: 'API key is not allowed for this form',
  message: 'API key is not allowed for this form',
  code: 'FORBIDDEN',
};
const ORIGIN_REFUSED = {
  error: 'API key is not allowed from this origin',
  message: 'API key is not allowed from this origin',
  code: 'FORBIDDEN',
};

/** An owner with two forms and a key restricted to the first and to SITE (all scopes). */
async function restrictedSetup() {
  const owner = await createOwner();
  const allowed = await createTestForm(owner.userId, { name: 'Allowed' });
  const other = await createTestForm(owner.userId, { name: 'Other' });
  // A page's key submits as POST /f/ does: only to a form that takes public submissions.
  await updateForm({
    config: testCoreConfig,
    userId: owner.userId,
    formId: allowed.id,
    data: { publicSubmissions: { enabled: true } },
  });
  const restricted = await createApiKey({
    userId: owner.userId,
    name: 'page key',
    formIds: [allowed.id],
    allowedOrigins: [`${SITE}/`],
  });

  return { owner, allowed, other, key: restricted.key };
}

const SUBMISSION = { email: 'visitor@example.com', message: 'hello' };

function expectRefused(response: LightMyRequestResponse, body: Record<string, unknown>) {
  expect([response.statusCode, errorBody(response)]).toEqual([403, body]);
}

describe('a key restricted to forms and origins', () => {
  test('from its origin, on its form: every form-scoped route answers as for any key', async () => {
    const { app } = await buildTestApp();
    const { allowed, key } = await restrictedSetup();
    const headers = { origin: SITE };

    const submit = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key,
      headers,
      // The Mantlz SDK's body: its extra fields are ignored.
      payload: { formId: allowed.id, data: SUBMISSION, type: 'contact', apiKey: key },
    });
    const reads = await Promise.all(
      ['', '/users-joined', '/submissions', '/analytics', '/webhooks', '/submissions/export.csv'].map(
        (suffix) => call(app, { method: 'GET', url: `/api/v1/forms/${allowed.id}${suffix}`, key, headers }),
      ),
    );

    expect(submit.statusCode).toBe(201);
    expect(reads.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  test('on another form of the same owner: 403 on every form-scoped route, nothing stored', async () => {
    const { app } = await buildTestApp();
    const { owner, other, key } = await restrictedSetup();
    const headers = { origin: SITE };

    const submit = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key,
      headers,
      payload: { formId: other.id, data: SUBMISSION },
    });
    const upperCase = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${other.id.toUpperCase()}`,
      key,
      headers,
    });
    const reads = await Promise.all(
      [
        { method: 'GET', suffix: '' },
        { method: 'GET', suffix: '/users-joined' },
        { method: 'GET', suffix: '/submissions' },
        { method: 'GET', suffix: '/analytics' },
        { method: 'GET', suffix: '/webhooks' },
        { method: 'GET', suffix: '/submissions/export.csv' },
        { method: 'POST', suffix: '/webhooks' },
      ].map(({ method, suffix }) =>
        call(app, {
          method,
          url: `/api/v1/forms/${other.id}${suffix}`,
          key,
          headers,
          ...(method === 'POST' ? { payload: { url: 'https://hooks.example.com/x' } } : {}),
        }),
      ),
    );

    expectRefused(submit, FORM_REFUSED);
    expectRefused(upperCase, FORM_REFUSED);
    for (const response of reads) {
      expectRefused(response, FORM_REFUSED);
      // Readable by the page that made the call.
      expect(response.headers['access-control-allow-origin']).toBe(SITE);
    }
    expect((await listSubmissions({ userId: owner.userId, formId: other.id })).submissions).toEqual([]);
  });

  test('the forms list shows only its forms', async () => {
    const { app } = await buildTestApp();
    const { owner, allowed, key } = await restrictedSetup();

    const restricted = await call(app, {
      method: 'GET',
      url: '/api/v1/forms/list',
      key,
      headers: { origin: SITE },
    });
    const unrestricted = await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });

    expect(restricted.json<{ forms: { id: string }[] }>().forms.map((form) => form.id)).toEqual([allowed.id]);
    expect(unrestricted.json<{ forms: unknown[] }>().forms).toHaveLength(2);
  });

  test('from another origin, or with no Origin at all: 403, nothing stored', async () => {
    const { app } = await buildTestApp();
    const { owner, allowed, key } = await restrictedSetup();
    const submit = (headers: Record<string, string>) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key,
        headers,
        payload: { formId: allowed.id, data: SUBMISSION },
      });

    const elsewhere = await submit({ origin: 'https://evil.example' });
    const sameHostOtherScheme = await submit({ origin: 'http://shop.example' });
    const noOrigin = await submit({});
    const opaqueOrigin = await submit({ origin: 'null' });
    const list = await call(app, {
      method: 'GET',
      url: '/api/v1/forms/list',
      key,
      headers: { origin: 'https://evil.example' },
    });

    for (const response of [elsewhere, sameHostOtherScheme, noOrigin, opaqueOrigin, list]) {
      expectRefused(response, ORIGIN_REFUSED);
    }
    // The page of the refused origin still reads why (CORS_ORIGINS=* lets it).
    expect(elsewhere.headers['access-control-allow-origin']).toBe('https://evil.example');
    expect((await listSubmissions({ userId: owner.userId, formId: allowed.id })).submissions).toEqual([]);
  });

  test('the order of checks: the rate limit, then the scope, then the origin, then the form', async () => {
    const { app } = await buildTestApp({ RATE_LIMIT_GET_FORM: '1/60' });
    const owner = await createOwner();
    const allowed = await createTestForm(owner.userId);
    const other = await createTestForm(owner.userId, { name: 'Other' });
    const readOnly = await createApiKey({
      userId: owner.userId,
      name: 'read only',
      scopes: ['forms:read'],
      formIds: [allowed.id],
      allowedOrigins: [SITE],
    });

    const scopeFirst = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key: readOnly.key,
      headers: { origin: 'https://evil.example' },
      payload: { formId: other.id, data: SUBMISSION },
    });
    const first = await call(app, { method: 'GET', url: `/api/v1/forms/${other.id}`, key: readOnly.key });
    const second = await call(app, { method: 'GET', url: `/api/v1/forms/${other.id}`, key: readOnly.key });

    expect([scopeFirst.statusCode, errorBody(scopeFirst).error]).toEqual([
      403,
      'Insufficient scope: submissions:write',
    ]);
    expectRefused(first, ORIGIN_REFUSED);
    expect(second.statusCode).toBe(429);
  });
});

describe('creating restricted keys', () => {
  test("another user's form or a malformed origin is refused; origins are stored as browsers send them", async () => {
    await buildTestApp(); // the database connection
    const owner = await createOwner();
    const stranger = await createOwner();
    const strangerForm = await createTestForm(stranger.userId);
    const form = await createTestForm(owner.userId);

    await expect(
      createApiKey({ userId: owner.userId, name: 'x', formIds: [strangerForm.id] }),
    ).rejects.toMatchObject({ httpStatus: 404, message: 'Form not found' });
    for (const origin of [
      'https://a.example/path',
      'ftp://a.example',
      'a.example',
      'https://u:p@a.example',
    ]) {
      await expect(
        createApiKey({ userId: owner.userId, name: 'x', allowedOrigins: [origin] }),
      ).rejects.toMatchObject({ httpStatus: 400 });
    }
    const created = await createApiKey({
      userId: owner.userId,
      name: 'x',
      formIds: [form.id.toUpperCase()],
      allowedOrigins: ['HTTPS://Shop.Example:443/', 'http://localhost:8080'],
    });
    expect([created.formIds, created.allowedOrigins]).toEqual([
      [form.id],
      ['https://shop.example', 'http://localhost:8080'],
    ]);
  });
});

test('a key restricted to origins is limited per client address: one copier cannot lock out other visitors', async () => {
  const { app } = await buildTestApp({ RATE_LIMIT_SUBMIT: '2/60', TRUST_PROXY: '127.0.0.1' });
  const { allowed, key } = await restrictedSetup();
  const submitFrom = (address: string) =>
    call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key,
      headers: { origin: SITE, 'x-forwarded-for': address },
      payload: { formId: allowed.id, data: SUBMISSION },
    });

  const copier = [
    await submitFrom('203.0.113.7'),
    await submitFrom('203.0.113.7'),
    await submitFrom('203.0.113.7'),
  ];
  const visitor = await submitFrom('198.51.100.20');

  expect(copier.map((response) => response.statusCode)).toEqual([201, 201, 429]);
  expect(visitor.statusCode).toBe(201);
});
