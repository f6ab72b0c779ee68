import { submitForm, updateForm } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const FORM_NOT_FOUND = { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' };
const FOREIGN = { error: 'Form does not belong to this user', message: 'Unauthorized', code: 'FORBIDDEN' };

async function submitDirect(
  user: { id: string; plan: 'FREE' | 'STANDARD' | 'PRO'; quotaLimit: number },
  formId: string,
  data: Record<string, unknown>,
  now?: Date,
) {
  return submitForm({ config: testCoreConfig, user, input: { formId, data }, ...(now ? { now } : {}) });
}

describe('GET /api/v1/forms/{formId}', () => {
  test('200 with the Form object of the interface; fields from the stored schema; usersJoinedSettings null when not set up', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, {
      name: 'Beta survey',
      formType: 'survey',
      description: 'Tell us',
    });
    const response = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      id: form.id,
      name: 'Beta survey',
      title: 'Beta survey',
      description: 'Tell us',
      formType: 'survey',
      formTypeDisplay: 'Survey',
      createdAt: form.createdAt,
      updatedAt: form.updatedAt,
      submissionCount: 0,
      spamCount: 0,
      fields: [
        { id: 'email', name: 'email', label: 'Email', type: 'email', required: true },
        { id: 'message', name: 'message', label: 'Message', type: 'textarea', required: false },
        {
          id: 'topic',
          name: 'topic',
          label: 'Topic',
          type: 'select',
          required: false,
          options: ['sales', 'support'],
        },
      ],
      // The owner notification is on by default for a new form on a plan that includes it (PRO).
      emailSettings: { enabled: false, developerNotificationsEnabled: true },
      usersJoinedSettings: null,
      formTypeSpecific: { surveyVersion: '1.0', supportsAnalytics: true },
    });
    expect(Date.parse(response.json<{ createdAt: string }>().createdAt)).not.toBeNaN();
  });

  test('usersJoinedSettings carries the count once the feature is enabled', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, {
      formType: 'waitlist',
      settings: { usersJoined: { enabled: true } },
    });
    const user = { id: owner.userId, plan: owner.plan, quotaLimit: 10_000 };
    await submitDirect(user, form.id, { email: 'one@example.com' });
    await submitDirect(user, form.id, { email: 'two@example.com' });
    const body = (await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key })).json<
      Record<string, unknown>
    >();

    expect(body.usersJoinedSettings).toEqual({ enabled: true, count: 2 });
    expect(body.submissionCount).toBe(2);
    expect(body.formTypeDisplay).toBe('Waitlist');
    expect(body.formTypeSpecific).toEqual({});
  });

  test('404 "Form not found" for a missing id, a malformed id and another user\'s form', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const other = await createOwner();
    const foreign = await createTestForm(other.userId);

    for (const id of ['65a000000000000000000000', 'not-an-id', foreign.id]) {
      const response = await call(app, { method: 'GET', url: `/api/v1/forms/${id}`, key: owner.key });

      expect([id, response.statusCode, errorBody(response)]).toEqual([id, 404, FORM_NOT_FOUND]);
    }
  });
});

describe('GET /api/v1/forms/list', () => {
  test('200 {forms, nextCursor}: list elements in the list-item shape, newest first, nextCursor null on the last page', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const first = await createTestForm(owner.userId, { name: 'First', description: 'one' });
    const second = await createTestForm(owner.userId, { name: 'Second', formType: 'rsvp' });
    const response = await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      forms: [
        {
          id: second.id,
          name: 'Second',
          description: '',
          formType: 'rsvp',
          submissionCount: 0,
          createdAt: second.createdAt,
          updatedAt: second.updatedAt,
        },
        {
          id: first.id,
          name: 'First',
          description: 'one',
          formType: 'contact',
          submissionCount: 0,
          createdAt: first.createdAt,
          updatedAt: first.updatedAt,
        },
      ],
      nextCursor: null,
    });
  });

  test('an owner without forms gets an empty page', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const response = await call(app, { method: 'GET', url: '/api/v1/forms/list?limit=10', key: owner.key });

    expect(response.json()).toEqual({ forms: [], nextCursor: null });
  });
});

describe('GET /api/v1/forms/{formId}/users-joined', () => {
  test('count is the number of submissions when enabled, 0 when disabled whatever the real number', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { settings: { usersJoined: { enabled: true } } });
    const user = { id: owner.userId, plan: owner.plan, quotaLimit: 10_000 };
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await submitDirect(user, form.id, { email });
    }
    const url = `/api/v1/forms/${form.id}/users-joined`;

    const enabled = await call(app, { method: 'GET', url, key: owner.key });
    expect([enabled.statusCode, enabled.json()]).toEqual([200, { formId: form.id, count: 3 }]);

    await updateForm({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      data: { settings: { usersJoined: { enabled: false } } },
    });
    const disabled = await call(app, { method: 'GET', url, key: owner.key });
    expect([disabled.statusCode, disabled.json()]).toEqual([200, { formId: form.id, count: 0 }]);
  });

  test("a form never set up counts 0; a missing form is 404; another user's form is the foreign-form 403", async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const other = await createOwner();
    const plain = await createTestForm(owner.userId);
    const foreign = await createTestForm(other.userId, { settings: { usersJoined: { enabled: true } } });

    const plainResponse = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${plain.id}/users-joined`,
      key: owner.key,
    });
    const missing = await call(app, {
      method: 'GET',
      url: '/api/v1/forms/65a000000000000000000000/users-joined',
      key: owner.key,
    });
    const foreignResponse = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${foreign.id}/users-joined`,
      key: owner.key,
    });

    expect(plainResponse.json()).toEqual({ formId: plain.id, count: 0 });
    expect([missing.statusCode, errorBody(missing)]).toEqual([404, FORM_NOT_FOUND]);
    expect([foreignResponse.statusCode, errorBody(foreignResponse)]).toEqual([403, FOREIGN]);
  });
});

describe('GET /api/v1/forms/{formId}/submissions', () => {
  test('200 {submissions, nextCursor} with id, formId, email, data, meta and createdAt', async () => {
    const { app } = await buildTestApp({ TRUSTED_COUNTRY_HEADER: 'CF-IPCountry' });
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const submitted = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key: owner.key,
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
        'cf-ipcountry': 'DE',
      },
      payload: { formId: form.id, data: { email: 'Ada@Example.com', message: 'hi', topic: 'sales' } },
    });
    const { submissionId } = submitted.json<{ submissionId: string }>();
    const response = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions`,
      key: owner.key,
    });

    expect(response.statusCode).toBe(200);
    const body = response.json<{ submissions: Record<string, unknown>[]; nextCursor: unknown }>();
    expect(body.nextCursor).toBeNull();
    expect(body.submissions).toHaveLength(1);
    expect(body.submissions[0]).toMatchObject({
      id: submissionId,
      formId: form.id,
      data: { email: 'Ada@Example.com', message: 'hi', topic: 'sales' },
      meta: { browser: 'Chrome', os: 'Windows', country: 'Germany' },
    });
    expect(String(body.submissions[0]?.email).toLowerCase()).toBe('ada@example.com');
    expect(Date.parse(String(body.submissions[0]?.createdAt))).not.toBeNaN();
  });

  test('startDate and endDate are inclusive; email filters exactly', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const user = { id: owner.userId, plan: owner.plan, quotaLimit: 10_000 };
    await submitDirect(user, form.id, { email: 'jan@example.com' }, new Date('2026-01-31T23:59:59.999Z'));
    await submitDirect(user, form.id, { email: 'feb1@example.com' }, new Date('2026-02-01T00:00:00.000Z'));
    await submitDirect(user, form.id, { email: 'feb28@example.com' }, new Date('2026-02-28T23:59:59.999Z'));
    await submitDirect(user, form.id, { email: 'mar@example.com' }, new Date('2026-03-01T00:00:00.000Z'));
    const list = async (query: string) =>
      (
        await call(app, {
          method: 'GET',
          url: `/api/v1/forms/${form.id}/submissions?${query}`,
          key: owner.key,
        })
      )
        .json<{ submissions: { email: string }[] }>()
        .submissions.map((submission) => submission.email);

    expect(await list('startDate=2026-02-01&endDate=2026-02-28')).toEqual([
      'feb28@example.com',
      'feb1@example.com',
    ]);
    expect(await list('startDate=2026-02-01')).toEqual([
      'mar@example.com',
      'feb28@example.com',
      'feb1@example.com',
    ]);
    expect(await list('endDate=2026-01-31')).toEqual(['jan@example.com']);
    expect(await list('email=feb1@example.com')).toEqual(['feb1@example.com']);
    expect(await list('email=nobody@example.com')).toEqual([]);
  });

  test("400 for bad dates; 404 for a missing form; 403 foreign-form body for another user's form", async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const other = await createOwner();
    const foreign = await createTestForm(other.userId);
    const form = await createTestForm(owner.userId);

    const badDate = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions?startDate=yesterday`,
      key: owner.key,
    });
    const reversed = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions?startDate=2026-03-01&endDate=2026-02-01`,
      key: owner.key,
    });
    const missing = await call(app, {
      method: 'GET',
      url: '/api/v1/forms/65a000000000000000000000/submissions',
      key: owner.key,
    });
    const foreignResponse = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${foreign.id}/submissions`,
      key: owner.key,
    });

    expect([badDate.statusCode, errorBody(badDate)]).toEqual([
      400,
      {
        error: 'startDate must be an ISO 8601 date',
        message: 'startDate must be an ISO 8601 date',
        code: 'BAD_REQUEST',
        issues: [{ code: 'custom', path: ['startDate'], message: 'startDate must be an ISO 8601 date' }],
      },
    ]);
    expect([reversed.statusCode, errorBody(reversed).message]).toEqual([
      400,
      'startDate must not be after endDate',
    ]);
    expect([missing.statusCode, errorBody(missing)]).toEqual([404, FORM_NOT_FOUND]);
    expect([foreignResponse.statusCode, errorBody(foreignResponse)]).toEqual([403, FOREIGN]);
  });
});
