import { ApiKeyModel, UserModel } from '@formwell/db';
import { listApiKeys, revokeApiKey } from '@formwell/core';
import { describe, expect, test, vi } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createKey, createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const REQUIRED = { error: 'API key is required', message: 'API key is required', code: 'UNAUTHORIZED' };
const INVALID = {
  error: 'Invalid or inactive API key',
  message: 'Invalid or inactive API key',
  code: 'UNAUTHORIZED',
};
const INVALID_SHORT = { error: 'Invalid API key', message: 'Invalid API key', code: 'UNAUTHORIZED' };
const USER_NOT_FOUND = { error: 'User not found', message: 'User not found', code: 'NOT_FOUND' };

/** Every key-protected endpoint, built for one form id (GET unless a body is given). */
function endpoints(formId: string) {
  return [
    { name: 'forms list', method: 'GET', url: '/api/v1/forms/list' },
    { name: 'get form', method: 'GET', url: `/api/v1/forms/${formId}` },
    { name: 'submissions', method: 'GET', url: `/api/v1/forms/${formId}/submissions` },
    { name: 'csv export', method: 'GET', url: `/api/v1/forms/${formId}/submissions/export.csv` },
    {
      name: 'submit',
      method: 'POST',
      url: '/api/v1/forms/submit',
      payload: { formId, data: { email: 'a@example.com' } },
    },
  ] as const;
}

describe('ways to pass the key', () => {
  test('X-API-Key, Bearer and ?apiKey= all authenticate; only the query one is marked deprecated', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const url = `/api/v1/forms/${form.id}`;

    const viaHeader = await call(app, { method: 'GET', url, key: owner.key });
    const viaBearer = await call(app, {
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${owner.key}` },
    });
    const viaQuery = await call(app, { method: 'GET', url: `${url}?apiKey=${owner.key}` });

    expect([viaHeader.statusCode, viaBearer.statusCode, viaQuery.statusCode]).toEqual([200, 200, 200]);
    expect(viaHeader.headers.deprecation).toBeUndefined();
    expect(viaBearer.headers.deprecation).toBeUndefined();
    expect(viaQuery.headers.deprecation).toBe('true');
  });

  test('the header beats Bearer, and Bearer beats the query', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const url = `/api/v1/forms/${form.id}`;
    const bad = 'mk_live_doesnotexist0000000000000000000';

    const goodHeaderBadBearer = await call(app, {
      method: 'GET',
      url,
      key: owner.key,
      headers: { authorization: `Bearer ${bad}` },
    });
    const badHeaderGoodBearer = await call(app, {
      method: 'GET',
      url,
      key: bad,
      headers: { authorization: `Bearer ${owner.key}` },
    });
    const goodBearerBadQuery = await call(app, {
      method: 'GET',
      url: `${url}?apiKey=${bad}`,
      headers: { authorization: `Bearer ${owner.key}` },
    });
    const badBearerGoodQuery = await call(app, {
      method: 'GET',
      url: `${url}?apiKey=${owner.key}`,
      headers: { authorization: `Bearer ${bad}` },
    });

    expect(goodHeaderBadBearer.statusCode).toBe(200);
    expect(badHeaderGoodBearer.statusCode).toBe(401);
    expect(errorBody(badHeaderGoodBearer)).toEqual(INVALID);
    expect(goodBearerBadQuery.statusCode).toBe(200);
    expect(badBearerGoodQuery.statusCode).toBe(401);
  });

  test('users-joined accepts only the X-API-Key header and words the 401 "Invalid API key"', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const url = `/api/v1/forms/${form.id}/users-joined`;

    const viaHeader = await call(app, { method: 'GET', url, key: owner.key });
    const viaBearer = await call(app, {
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${owner.key}` },
    });
    const viaQuery = await call(app, { method: 'GET', url: `${url}?apiKey=${owner.key}` });
    const unknown = await call(app, { method: 'GET', url, key: 'mk_live_unknown' });

    expect(viaHeader.statusCode).toBe(200);
    expect([viaBearer.statusCode, viaQuery.statusCode]).toEqual([401, 401]);
    expect(errorBody(viaBearer)).toEqual(REQUIRED);
    expect(errorBody(viaQuery)).toEqual(REQUIRED);
    expect(unknown.statusCode).toBe(401);
    expect(errorBody(unknown)).toEqual(INVALID_SHORT);
  });
});

describe('validation order and failures', () => {
  test('every key-protected endpoint: no key → 401 "API key is required"; unknown key → 401 "Invalid or inactive API key"', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);

    for (const endpoint of endpoints(form.id)) {
      const { name: _name, ...request } = endpoint;
      const missing = await call(app, request);
      const empty = await call(app, { ...request, headers: { 'x-api-key': '' } });
      const unknown = await call(app, { ...request, key: 'mk_live_0000000000000000000000000000000' });

      expect({ endpoint: endpoint.name, status: missing.statusCode, body: errorBody(missing) }).toEqual({
        endpoint: endpoint.name,
        status: 401,
        body: REQUIRED,
      });
      expect([empty.statusCode, errorBody(empty)]).toEqual([401, REQUIRED]);
      expect([unknown.statusCode, errorBody(unknown)]).toEqual([401, INVALID]);
    }
  });

  test('a revoked key is refused on the very next request, on every endpoint', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const url = `/api/v1/forms/${form.id}`;

    expect((await call(app, { method: 'GET', url, key: owner.key })).statusCode).toBe(200);
    await revokeApiKey({ userId: owner.userId, keyId: owner.keyId });

    for (const endpoint of endpoints(form.id)) {
      const { name: _name, ...request } = endpoint;
      const response = await call(app, { ...request, key: owner.key });

      expect([endpoint.name, response.statusCode, errorBody(response)]).toEqual([
        endpoint.name,
        401,
        INVALID,
      ]);
    }
  });

  test('a key whose user no longer exists → 404 "User not found" on every endpoint', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    // The account alone is removed (by hand, in the database): its personal workspace, the key's
    // tenant, is left, but the key's user does not exist.
    await UserModel.deleteOne({ _id: owner.userId });

    for (const endpoint of endpoints(form.id)) {
      const { name: _name, ...request } = endpoint;
      const response = await call(app, { ...request, key: owner.key });

      expect([endpoint.name, response.statusCode, errorBody(response)]).toEqual([
        endpoint.name,
        404,
        USER_NOT_FOUND,
      ]);
    }
    const usersJoined = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/users-joined`,
      key: owner.key,
    });
    expect([usersJoined.statusCode, errorBody(usersJoined)]).toEqual([404, USER_NOT_FOUND]);
  });

  test('lastUsedAt is set by an authenticated request, once its response is sent', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const before = (await listApiKeys({ userId: owner.userId })).apiKeys[0];
    expect(before?.lastUsedAt).toBeNull();

    const started = Date.now();
    await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });
    // Written after the response, so the test waits for the write it expects (not for a time).
    await vi.waitFor(
      async () => {
        const after = (await listApiKeys({ userId: owner.userId })).apiKeys[0];
        expect(Date.parse(after?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(started - 1000);
      },
      { timeout: 60_000, interval: 20 },
    );
  });
});

describe('scopes: each endpoint needs its own', () => {
  test('each endpoint needs its scope: 403 "Insufficient scope: <scope>"', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const cases = [
      { scope: 'forms:read', request: { method: 'GET', url: '/api/v1/forms/list' } },
      { scope: 'forms:read', request: { method: 'GET', url: `/api/v1/forms/${form.id}` } },
      { scope: 'forms:read', request: { method: 'GET', url: `/api/v1/forms/${form.id}/users-joined` } },
      { scope: 'submissions:read', request: { method: 'GET', url: `/api/v1/forms/${form.id}/submissions` } },
      {
        scope: 'submissions:read',
        request: { method: 'GET', url: `/api/v1/forms/${form.id}/submissions/export.csv` },
      },
      {
        scope: 'submissions:write',
        request: {
          method: 'POST',
          url: '/api/v1/forms/submit',
          payload: { formId: form.id, data: { email: 'a@example.com' } },
        },
      },
    ] as const;

    for (const { scope, request } of cases) {
      // A key with every scope except the one the endpoint needs.
      const others = (
        ['forms:read', 'submissions:read', 'submissions:write', 'analytics:read', 'webhooks:manage'] as const
      ).filter((candidate) => candidate !== scope);
      const narrow = await createKey({ userId: owner.userId, scopes: [...others] });
      const refused = await call(app, { ...request, key: narrow.key });
      const only = await createKey({ userId: owner.userId, scopes: [scope] });
      const allowed = await call(app, { ...request, key: only.key });

      const text = `Insufficient scope: ${scope}`;
      expect([request.url, refused.statusCode, errorBody(refused)]).toEqual([
        request.url,
        403,
        { error: text, message: text, code: 'FORBIDDEN' },
      ]);
      expect([request.url, allowed.statusCode]).toEqual([request.url, request.method === 'POST' ? 201 : 200]);
    }
  });
});

describe('the plaintext key is never kept', () => {
  test('the api_keys collection holds only the hash, prefix and last 4 characters', async () => {
    await buildTestApp();
    const owner = await createOwner();
    const stored = await ApiKeyModel.collection.find({}).toArray();
    const text = JSON.stringify(stored);

    expect(stored).toHaveLength(1);
    expect(text).not.toContain(owner.key);
    expect(text).not.toContain(owner.key.slice(12, -4));
    expect(stored[0]).toMatchObject({ prefix: owner.key.slice(0, 12), last4: owner.key.slice(-4) });
    expect(stored[0]?.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('no log line contains a key, whichever way it was passed and whatever the outcome', async () => {
    const { app, logLines } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const revoked = await createKey({ userId: owner.userId });
    await revokeApiKey({ userId: owner.userId, keyId: revoked.keyId });

    for (const key of [owner.key, revoked.key]) {
      await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key });
      await call(app, {
        method: 'GET',
        url: `/api/v1/forms/${form.id}`,
        headers: { authorization: `Bearer ${key}` },
      });
      await call(app, { method: 'GET', url: `/api/v1/forms/list?apiKey=${key}&limit=5` });
      await call(app, { method: 'GET', url: `/api/v1/forms/list?limit=0&apiKey=${key}` });
      await call(app, {
        method: 'GET',
        url: `/api/v1/forms/${form.id}/submissions/export.csv?apiKey=${key}`,
      });
      await call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key,
        payload: { formId: form.id, data: {} },
      });
    }

    expect(logLines.length).toBeGreaterThan(10);
    for (const line of logLines) {
      expect(line).not.toContain(owner.key);
      expect(line).not.toContain(revoked.key);
      expect(line).not.toContain(owner.key.slice(8));
    }
  });
});
