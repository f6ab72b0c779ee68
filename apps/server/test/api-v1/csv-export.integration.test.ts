import { SESSION_COOKIE_NAME } from '@formwell/api';
import { createSession, submitForm } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { buildLimitedApp } from './helpers/build-limited-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const BOM = '\uFEFF';

async function seed(
  owner: Awaited<ReturnType<typeof createOwner>>,
  formId: string,
  rows: Record<string, unknown>[],
) {
  const user = { id: owner.userId, plan: owner.plan, quotaLimit: 100_000 };
  for (const [index, data] of rows.entries()) {
    await submitForm({
      config: testCoreConfig,
      user,
      input: { formId, data },
      now: new Date(Date.UTC(2026, 1, 1, 0, 0, index)),
    });
  }
}

describe('GET /api/v1/forms/{formId}/submissions/export.csv (API key)', () => {
  test('streams a CSV attachment: BOM, header row, newest first, formulas neutralised, limit headers', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { name: 'Contact us!' });
    await seed(owner, form.id, [
      { email: 'first@example.com', message: 'hello, "world"', topic: 'sales' },
      { email: 'second@example.com', message: '=HYPERLINK("http://evil")' },
    ]);
    const response = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions/export.csv`,
      key: owner.key,
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Contact-us-submissions.csv"');
    expect(response.headers['x-ratelimit-limit']).toBe('100');
    expect(response.body.startsWith(BOM)).toBe(true);
    const lines = response.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      '"id","createdAt","email","message","topic","other","browser","os","device","country"',
    );
    expect(lines).toHaveLength(3);
    // Newest first; every cell quoted, quotes doubled; a formula-looking cell is prefixed with ' so
    // spreadsheets show it as text.
    expect(lines[1]).toContain('"2026-02-01T00:00:01.000Z","second@example.com",');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[2]).toContain('"2026-02-01T00:00:00.000Z","first@example.com",');
    expect(lines[2]).toContain(',"hello, ""world""","sales",');
  });

  test('filters by email and dates like the listing; every row of a large form is streamed', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: [] });
    await seed(
      owner,
      form.id,
      Array.from({ length: 1200 }, (_, index) => ({ n: index, email: `u${index % 7}@example.com` })),
    );
    const url = `/api/v1/forms/${form.id}/submissions/export.csv`;

    const all = await call(app, { method: 'GET', url, key: owner.key });
    const filtered = await call(app, {
      method: 'GET',
      url: `${url}?email=u3@example.com&startDate=2026-02-01`,
      key: owner.key,
    });

    expect(all.body.slice(1).trim().split('\n')).toHaveLength(1201);
    expect(filtered.body.slice(1).trim().split('\n')).toHaveLength(
      1 + Array.from({ length: 1200 }).filter((_, index) => index % 7 === 3).length,
    );
  });

  test('keys named like built-in members (toString, constructor) are data like any other', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: [] });
    // The older row lacks the keys the newer one has: its cells are read from a plain object.
    await seed(owner, form.id, [{ name: 'a' }, { toString: 'b', constructor: 'c' }]);

    const response = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions/export.csv`,
      key: owner.key,
    });

    expect(response.statusCode).toBe(200);
    const lines = response.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      '"id","createdAt","toString","constructor","name","other","browser","os","device","country"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"2026-02-01T00:00:01.000Z","b","c","",');
    expect(lines[2]).toContain('"2026-02-01T00:00:00.000Z","","","a",');
  });

  test("errors keep the API's error body: 401, 404, foreign 403, 400 bad date", async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const other = await createOwner();
    const foreign = await createTestForm(other.userId);
    const form = await createTestForm(owner.userId);
    const url = (id: string) => `/api/v1/forms/${id}/submissions/export.csv`;

    const noKey = await call(app, { method: 'GET', url: url(form.id) });
    const missing = await call(app, { method: 'GET', url: url('65a000000000000000000000'), key: owner.key });
    const foreignResponse = await call(app, { method: 'GET', url: url(foreign.id), key: owner.key });
    const badDate = await call(app, { method: 'GET', url: `${url(form.id)}?endDate=soon`, key: owner.key });

    expect([noKey.statusCode, errorBody(noKey)]).toEqual([
      401,
      { error: 'API key is required', message: 'API key is required', code: 'UNAUTHORIZED' },
    ]);
    expect([missing.statusCode, errorBody(missing)]).toEqual([
      404,
      { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' },
    ]);
    expect([foreignResponse.statusCode, errorBody(foreignResponse)]).toEqual([
      403,
      { error: 'Form does not belong to this user', message: 'Unauthorized', code: 'FORBIDDEN' },
    ]);
    expect([badDate.statusCode, errorBody(badDate).error]).toEqual([400, 'endDate must be an ISO 8601 date']);
    expect(foreignResponse.body).not.toContain(foreign.name);
  });
});

describe('GET /api/dashboard/forms/{formId}/submissions/export.csv (session cookie)', () => {
  test('the dashboard session exports its own forms; no cookie is 401; an API key is not a session', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    await seed(owner, form.id, [{ email: 'a@example.com' }]);
    const { token } = await createSession({ userId: owner.userId });
    const url = `/api/dashboard/forms/${form.id}/submissions/export.csv`;

    const withCookie = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `theme=dark; formwell_session=${token}` },
    });
    const without = await app.inject({ method: 'GET', url });
    const withKey = await call(app, { method: 'GET', url, key: owner.key });

    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.body.slice(1).trim().split('\n')).toHaveLength(2);
    const text = 'Not authenticated';
    expect([without.statusCode, errorBody(without)]).toEqual([
      401,
      { error: text, message: text, code: 'UNAUTHORIZED' },
    ]);
    expect(withKey.statusCode).toBe(401);
  });

  test("another workspace's form is unknown to the session (404), as everywhere in the dashboard", async () => {
    const { app } = await buildTestApp();
    const alice = await createOwner();
    const aliceForm = await createTestForm(alice.userId);
    const bob = await createOwner();
    const { token } = await createSession({ userId: bob.userId });

    const foreign = await app.inject({
      method: 'GET',
      url: `/api/dashboard/forms/${aliceForm.id}/submissions/export.csv`,
      headers: { cookie: `${SESSION_COOKIE_NAME}=${token}` },
    });

    expect([foreign.statusCode, errorBody(foreign)]).toEqual([
      404,
      { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' },
    ]);
  });

  test("the dashboard's export is not part of the public API: no CORS for other origins, no 405 rewrite", async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const { token } = await createSession({ userId: owner.userId });
    const url = `/api/dashboard/forms/${form.id}/submissions/export.csv`;
    const origin = 'https://elsewhere.example';

    const crossOrigin = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `formwell_session=${token}`, origin },
    });
    const preflight = await app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    const apiPreflight = await app.inject({
      method: 'OPTIONS',
      url: `/api/v1/forms/${form.id}/submissions/export.csv`,
      headers: { origin, 'access-control-request-method': 'GET' },
    });

    expect(crossOrigin.headers['access-control-allow-origin']).toBeUndefined();
    // The session cookie is not even read: another origin is refused outright.
    expect(crossOrigin.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBe(404);
    // The public API's export, by contrast, answers other origins.
    expect(apiPreflight.headers['access-control-allow-origin']).toBe(origin);
  });
});

describe('owner ids come from the credentials only', () => {
  test("B's key or session on B's own form, with A's ids added to the query: 400, never A's rows", async () => {
    const { app } = await buildTestApp();
    const alice = await createOwner();
    const bob = await createOwner();
    const aliceForm = await createTestForm(alice.userId, { name: 'Alice private' });
    await seed(alice, aliceForm.id, [{ email: 'alice-customer@example.com', message: 'ALICE-SECRET' }]);
    const bobForm = await createTestForm(bob.userId);
    const { token } = await createSession({ userId: bob.userId });
    const pollution = `userId=${alice.userId}&formId=${aliceForm.id}`;

    const viaKey = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${bobForm.id}/submissions/export.csv?${pollution}`,
      key: bob.key,
    });
    const viaSession = await app.inject({
      method: 'GET',
      url: `/api/dashboard/forms/${bobForm.id}/submissions/export.csv?${pollution}`,
      headers: { cookie: `${SESSION_COOKIE_NAME}=${token}` },
    });

    for (const response of [viaKey, viaSession]) {
      expect([response.statusCode, errorBody(response).code]).toEqual([400, 'BAD_REQUEST']);
      expect(errorBody(response).message).toMatch(/unrecognized key/i);
      for (const bytes of ['ALICE-SECRET', 'alice-customer', alice.userId, aliceForm.id, 'Alice private']) {
        expect(response.body).not.toContain(bytes);
      }
    }
  });
});

describe('the dashboard export is rate-limited like the API export', () => {
  test('same rule, per user and form, with the limit headers; 429 with Retry-After at the limit', async () => {
    const { app } = await buildLimitedApp({ config: { RATE_LIMIT_SUBMISSIONS_LIST: '2/60' } });
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const otherForm = await createTestForm(owner.userId);
    const { token } = await createSession({ userId: owner.userId });
    const exportOf = (formId: string) =>
      app.inject({
        method: 'GET',
        url: `/api/dashboard/forms/${formId}/submissions/export.csv`,
        headers: { cookie: `${SESSION_COOKIE_NAME}=${token}` },
      });

    const first = await exportOf(form.id);
    const second = await exportOf(form.id);
    const third = await exportOf(form.id);
    const elsewhere = await exportOf(otherForm.id);

    expect([
      first.statusCode,
      first.headers['x-ratelimit-limit'],
      first.headers['x-ratelimit-remaining'],
    ]).toEqual([200, '2', '1']);
    expect(first.headers['ratelimit-policy']).toBe('"submissionsList";q=2;w=60');
    expect(second.statusCode).toBe(200);
    expect([third.statusCode, errorBody(third).error, third.headers['x-ratelimit-remaining']]).toEqual([
      429,
      'Rate limit exceeded',
      '0',
    ]);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(elsewhere.statusCode).toBe(200);
  });
});
