import { createWebhookEndpoint, deleteForm, updateForm } from '@formwell/core';
import { SubmissionModel } from '@formwell/db';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { testCoreConfig } from '../helpers/test-core-config.js';
import { buildLimitedApp } from './helpers/build-limited-app.js';
import { createOwner, createTestForm, type TOwner } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

/**
 * Keyed submits take their form from a per-process copy, checked against the owner's auth epoch
 * that the request's one Redis call reads. Two replicas (two apps on one database and one Redis)
 * both hold a copy; the form is then changed through core, as the dashboard and the CLI do, and the
 * very next submit on either replica must see the change.
 */

async function twoReplicas() {
  const shared = { mongoUri: testMongoUri('form_copy'), redisUrl: testRedisUrl() };
  const first = await buildLimitedApp(shared);
  const second = await buildLimitedApp(shared);

  return { a: first.app, b: second.app };
}

const submitter = (owner: TOwner, formId: string) => (app: FastifyInstance, data: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/v1/forms/submit', key: owner.key, payload: { formId, data } });

/** Both replicas answer a submit, so both hold a verified copy of the key and of the form. */
async function copiesOnBoth(submit: ReturnType<typeof submitter>, a: FastifyInstance, b: FastifyInstance) {
  const statuses = [];
  for (const app of [a, b, a, b]) {
    statuses.push((await submit(app, { email: 'ada@example.com' })).statusCode);
  }
  expect(statuses).toEqual([201, 201, 201, 201]);
}

/** Two replicas, an owner and a form, and both replicas holding a copy of it. */
async function replicasHoldingTheForm() {
  const { a, b } = await twoReplicas();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);
  const submit = submitter(owner, form.id);
  await copiesOnBoth(submit, a, b);

  return { a, b, owner, form, submit };
}

describe('two replicas holding a copy of the form', () => {
  test('an edited field list applies on the very next submit on either replica', async () => {
    const { a, b, owner, form, submit } = await replicasHoldingTheForm();

    await updateForm({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      data: { fields: [{ name: 'phone', label: 'Phone', type: 'text', required: true }] },
    });

    for (const app of [b, a]) {
      const refused = await submit(app, { email: 'ada@example.com' });
      expect([refused.statusCode, errorBody(refused).error]).toEqual([400, 'Invalid submission data']);
      expect((await submit(app, { phone: '555' })).statusCode).toBe(201);
    }
  });

  test('switching uniqueEmail on applies on the very next submit', async () => {
    const { a, b, owner, form, submit } = await replicasHoldingTheForm();

    await updateForm({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      data: { uniqueEmail: true },
    });

    expect((await submit(b, { email: 'grace@example.com' })).statusCode).toBe(201);
    const duplicate = await submit(a, { email: 'grace@example.com' });
    expect([duplicate.statusCode, errorBody(duplicate).error]).toEqual([
      409,
      'A submission with this email already exists for this form',
    ]);
  });

  test('a deleted form is 404 on the very next submit on either replica, and nothing is stored', async () => {
    const { a, b, owner, form, submit } = await replicasHoldingTheForm();

    await deleteForm({ userId: owner.userId, formId: form.id });

    for (const app of [b, a]) {
      const response = await submit(app, { email: 'ada@example.com' });
      expect([response.statusCode, errorBody(response).error]).toEqual([404, 'Form not found']);
    }
    expect(await SubmissionModel.countDocuments({ formId: form.id })).toBe(0);
  });

  test('a webhook endpoint added to a form without one gets the very next submission', async () => {
    const { b, owner, form, submit } = await replicasHoldingTheForm();

    const endpoint = await createWebhookEndpoint({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      url: 'https://hooks.example.com/formwell',
    });

    const response = await submit(b, { email: 'ada@example.com' });
    expect(response.statusCode).toBe(201);
    const { submissionId } = response.json<{ submissionId: string }>();
    const stored = await SubmissionModel.findById(submissionId).lean();
    expect(
      stored?.outbox?.filter((entry) => entry.kind === 'webhook').map((entry) => String(entry.endpointId)),
    ).toEqual([endpoint.id]);
  });
});

describe('counters with the analytics counted after the response', () => {
  test('many submits through both replicas: the form count and the analytics total are exact at once', async () => {
    const { a, b } = await twoReplicas();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const submit = submitter(owner, form.id);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        submit(index % 2 === 0 ? a : b, { email: `u${index}@example.com` }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);

    // Read right after the last 201, whatever after-response work is still in flight.
    const analytics = await call(b, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/analytics`,
      key: owner.key,
    });
    expect(analytics.json<{ totalSubmissions: number }>().totalSubmissions).toBe(60);
    const detail = await call(a, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    expect(detail.json<{ submissionCount: number }>().submissionCount).toBe(60);
  });

  test('quota is never exceeded by concurrent submits through both replicas', async () => {
    const { a, b } = await twoReplicas();
    const owner = await createOwner({ plan: 'PRO', quotaLimit: 12 });
    const form = await createTestForm(owner.userId);
    const submit = submitter(owner, form.id);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        submit(index % 2 === 0 ? a : b, { email: `q${index}@example.com` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);

    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(statuses.filter((status) => status === 403)).toHaveLength(28);
    expect(await SubmissionModel.countDocuments({ formId: form.id })).toBe(12);
  });
});
