import { getForm } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const NEW_FORM = {
  name: 'Waitlist',
  formType: 'waitlist',
  description: 'Launch waitlist',
  fields: [{ name: 'email', label: 'Email', type: 'email', required: true }],
};

async function submit(app: FastifyInstance, key: string, formId: string, email: string): Promise<string> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/v1/forms/submit',
    key,
    payload: { formId, data: { email } },
  });
  expect(response.statusCode).toBe(201);

  return response.json<{ submissionId: string }>().submissionId;
}

describe('forms over the API (scope forms:write)', () => {
  test('POST /forms answers 201 and the Form as get-form returns it; DELETE answers 204 and it is gone', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });

    const created = await call(app, {
      method: 'POST',
      url: '/api/v1/forms',
      key: owner.key,
      payload: NEW_FORM,
    });
    expect(created.statusCode).toBe(201);
    const form = created.json<{ id: string }>();
    const fetched = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    expect(form).toEqual(fetched.json());
    expect(form).toMatchObject({ name: 'Waitlist', formType: 'waitlist', description: 'Launch waitlist' });

    const deleted = await call(app, { method: 'DELETE', url: `/api/v1/forms/${form.id}`, key: owner.key });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    const gone = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    expect(gone.statusCode).toBe(404);
  });

  test('the plan form limit answers 403 with its text', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'FREE' });

    const first = await call(app, {
      method: 'POST',
      url: '/api/v1/forms',
      key: owner.key,
      payload: NEW_FORM,
    });
    expect(first.statusCode).toBe(201);
    const second = await call(app, {
      method: 'POST',
      url: '/api/v1/forms',
      key: owner.key,
      payload: NEW_FORM,
    });
    expect([second.statusCode, errorBody(second).error]).toEqual([
      403,
      'Form limit reached (1/1) for your plan',
    ]);
  });

  test("another user's form is 404 Form not found on DELETE, and stays", async () => {
    const { app } = await buildTestApp();
    const alice = await createOwner();
    const bob = await createOwner();
    const form = await createTestForm(alice.userId);

    const refused = await call(app, { method: 'DELETE', url: `/api/v1/forms/${form.id}`, key: bob.key });
    expect([refused.statusCode, errorBody(refused).error]).toEqual([404, 'Form not found']);
    expect(
      (await getForm({ userId: alice.userId, formId: form.id, limits: testCoreConfig.plans.PRO })).id,
    ).toBe(form.id);
  });

  test('a key without forms:write (every key made before the scope existed) is 403', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ scopes: ['forms:read', 'submissions:read', 'submissions:write'] });

    const refused = await call(app, {
      method: 'POST',
      url: '/api/v1/forms',
      key: owner.key,
      payload: NEW_FORM,
    });
    expect([refused.statusCode, errorBody(refused).error]).toEqual([403, 'Insufficient scope: forms:write']);
  });
});

describe('one submission over the API', () => {
  test('GET answers the listing element; DELETE (submissions:delete) answers 204; then 404 Submission not found', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const submissionId = await submit(app, owner.key, form.id, 'ada@example.com');
    const url = `/api/v1/forms/${form.id}/submissions/${submissionId}`;

    const listed = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions`,
      key: owner.key,
    });
    const one = await call(app, { method: 'GET', url, key: owner.key });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(listed.json<{ submissions: unknown[] }>().submissions[0]);

    const deleted = await call(app, { method: 'DELETE', url, key: owner.key });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    const missing = await call(app, { method: 'GET', url, key: owner.key });
    expect([missing.statusCode, errorBody(missing).error]).toEqual([404, 'Submission not found']);
  });

  test("another user's form answers as the listing: 403 Unauthorized / Form does not belong to this user", async () => {
    const { app } = await buildTestApp();
    const alice = await createOwner();
    const bob = await createOwner();
    const form = await createTestForm(alice.userId);
    const submissionId = await submit(app, alice.key, form.id, 'ada@example.com');
    const url = `/api/v1/forms/${form.id}/submissions/${submissionId}`;

    for (const method of ['GET', 'DELETE'] as const) {
      const refused = await call(app, { method, url, key: bob.key });
      expect([refused.statusCode, errorBody(refused).message, errorBody(refused).error]).toEqual([
        403,
        'Unauthorized',
        'Form does not belong to this user',
      ]);
    }
    const still = await call(app, { method: 'GET', url, key: alice.key });
    expect(still.statusCode).toBe(200);
  });

  test('a key without submissions:delete cannot delete', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ scopes: ['submissions:read', 'submissions:write'] });
    const form = await createTestForm(owner.userId);
    const submissionId = await submit(app, owner.key, form.id, 'ada@example.com');

    const refused = await call(app, {
      method: 'DELETE',
      url: `/api/v1/forms/${form.id}/submissions/${submissionId}`,
      key: owner.key,
    });
    expect([refused.statusCode, errorBody(refused).error]).toEqual([
      403,
      'Insufficient scope: submissions:delete',
    ]);
  });
});
