import {
  formRepository,
  formStatsRepository,
  nonZeroBuckets,
  monthlyUsageRepository,
  submissionRepository,
  webhookEndpointRepository,
} from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { DEFAULT_PLAN_LIMITS } from '../config/plans.js';
import type { AppError } from '../errors/app-error.js';
import { createForm } from '../forms/create-form.js';
import { deleteForm } from '../forms/delete-form.js';
import { getForm } from '../forms/get-form.js';
import type { TCreateFormInput } from '../forms/z-form-input.js';
import { createUser } from '../users/create-user.js';
import { setUserPlan } from '../users/set-user-plan.js';
import { createWebhookEndpoint } from '../webhooks/create-webhook-endpoint.js';
import { submitForm } from './submit-form.js';
import { usageMonth } from './usage-month.js';

useTestDatabase('core_submit');

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function owner(plan: 'FREE' | 'STANDARD' | 'PRO' = 'PRO', quotaLimit?: number) {
  const user = await createUser({ config: testConfig, input: { email: testEmail(), plan } });
  const updated = await setUserPlan({ config: testConfig, userId: user.id, plan, quotaLimit });

  return { id: user.id, plan, quotaLimit: updated.quotaLimit };
}

async function form(userId: string, input: Partial<TCreateFormInput> = {}) {
  return createForm({
    config: testConfig,
    userId,
    input: {
      name: 'Contact',
      formType: 'contact',
      fields: [
        { name: 'email', type: 'email', required: true },
        { name: 'message', type: 'textarea' },
      ],
      ...input,
    },
  });
}

describe('submitForm', () => {
  test('stores the submission with meta and outbox, bumps counters, answers the 201 body', async () => {
    const user = await owner('PRO');
    const f = await form(user.id, { emailSettings: { enabled: true, developerNotificationsEnabled: true } });
    await createWebhookEndpoint({
      config: testConfig,
      userId: user.id,
      formId: f.id,
      url: 'https://hooks.example.com/x',
    });
    const now = new Date('2026-11-21T06:40:00.000Z');
    const result = await submitForm({
      config: testConfig,
      user,
      input: {
        formId: f.id,
        data: { email: 'Ada@Example.com', message: 'hi' },
        redirectUrl: 'https://me.example/done',
      },
      client: { userAgent: CHROME, acceptLanguage: 'de-DE,de;q=0.9' },
      now,
    });

    expect(result.response).toEqual({
      success: true,
      message: 'Form submitted successfully',
      submissionId: result.response.submissionId,
      redirect: { url: 'https://me.example/done', allowed: true },
    });
    expect(result.outbox.map((o) => o.kind)).toEqual(['email.confirmation', 'email.developer', 'webhook']);
    const stored = await submissionRepository.findById({
      userId: user.id,
      formId: f.id,
      submissionId: result.response.submissionId,
    });
    expect(stored).toMatchObject({
      email: 'ada@example.com',
      data: { email: 'Ada@Example.com', message: 'hi' },
      meta: { browser: 'Chrome', os: 'Windows', device: 'Desktop', country: 'Germany' },
    });
    expect(stored?.outbox.map((o) => o.id)).toEqual(result.outbox.map((o) => o.entryId));
    expect(
      (await getForm({ userId: user.id, formId: f.id, limits: DEFAULT_PLAN_LIMITS.PRO })).submissionCount,
    ).toBe(1);
    // The analytics were counted in the insert's own command, before the answer.
    const stats = await formStatsRepository.get({ userId: user.id, formId: f.id });
    expect(stats?.months.map((m) => ({ ...m, days: nonZeroBuckets(m.days) }))).toEqual([
      { month: '2026-11', days: { '21T0630': 1 }, quarterOfDay: { '0630': 1 } },
    ]);
    expect(stats).toMatchObject({
      total: 1,
      browsers: { Chrome: 1 },
      countries: { Germany: 1 },
    });
    expect(await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(now) })).toBe(1);
  });

  test('FREE: no email side effects, custom redirect replaced with the reason', async () => {
    const user = await owner('FREE');
    const f = await form(user.id);
    const result = await submitForm({
      config: { ...testConfig, publicUrl: 'https://forms.example.com' },
      user,
      input: { formId: f.id, data: { email: 'a@b.io' }, redirectUrl: 'https://me.example/done' },
    });

    expect(result.response.redirect).toEqual({
      url: 'https://forms.example.com/thank-you',
      allowed: false,
      reason: 'Custom redirects require STANDARD or PRO plan',
    });
    expect(result.outbox).toEqual([]);
  });

  test('a non-http redirectUrl is a 400', async () => {
    const user = await owner();
    const f = await form(user.id);
    const error = await appErrorOf(
      submitForm({
        config: testConfig,
        user,
        input: { formId: f.id, data: { email: 'a@b.io' }, redirectUrl: 'javascript:alert(1)' },
      }),
    );

    expect(error.httpStatus).toBe(400);
  });

  test('invalid data: 400 with fieldErrors, nothing stored, no quota used', async () => {
    const user = await owner();
    const f = await form(user.id);
    const error = await appErrorOf(
      submitForm({ config: testConfig, user, input: { formId: f.id, data: { email: 'nope', extra: 1 } } }),
    );

    expect(error.httpStatus).toBe(400);
    expect(error.toBody()).toMatchObject({
      error: 'Invalid submission data',
      fieldErrors: { email: 'Must be a valid email address', extra: 'Unknown field' },
    });
    expect(await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(new Date()) })).toBe(0);
  });

  test('honeypot: success answer, nothing stored, counted as spam', async () => {
    const user = await owner();
    const f = await form(user.id);
    const result = await submitForm({
      config: testConfig,
      user,
      input: { formId: f.id, data: { email: 'bot@spam.io', _gotcha: 'x' } },
    });

    expect(result.response.success).toBe(true);
    expect(result.spam).toBe(true);
    expect(result.outbox).toEqual([]);
    expect((await submissionRepository.list({ userId: user.id, formId: f.id, limit: 10 })).items).toEqual([]);
    const read = await getForm({ userId: user.id, formId: f.id, limits: DEFAULT_PLAN_LIMITS.PRO });
    expect(read.submissionCount).toBe(0);
    expect(read.spamCount).toBe(1);
  });

  test('missing form is 404, another user’s form is the foreign-form 403', async () => {
    const user = await owner();
    const other = await owner();
    const f = await form(other.id);

    const missing = await appErrorOf(
      submitForm({ config: testConfig, user, input: { formId: '000000000000000000000000', data: {} } }),
    );
    expect([missing.httpStatus, missing.message]).toEqual([404, 'Form not found']);
    const garbage = await appErrorOf(
      submitForm({ config: testConfig, user, input: { formId: 'not-an-id', data: {} } }),
    );
    expect(garbage.httpStatus).toBe(404);
    const foreign = await appErrorOf(
      submitForm({ config: testConfig, user, input: { formId: f.id, data: { email: 'a@b.io' } } }),
    );
    expect(foreign.httpStatus).toBe(403);
    expect(foreign.toBody()).toMatchObject({
      message: 'Unauthorized',
      error: 'Form does not belong to this user',
    });
  });

  test('a form deleted after it was read (a server’s stale copy) is 404, and the submission and its quota unit are taken back', async () => {
    const user = await owner();
    const f = await form(user.id);
    const copied = await formRepository.findById({ userId: user.id, formId: f.id });
    if (copied === null) {
      throw new Error('the form was not stored');
    }
    await deleteForm({ userId: user.id, formId: f.id });

    const error = await appErrorOf(
      submitForm({
        config: testConfig,
        user,
        input: { formId: f.id, data: { email: 'late@b.io' } },
        loadForm: () => Promise.resolve(copied),
      }),
    );

    expect([error.httpStatus, error.message]).toEqual([404, 'Form not found']);
    expect((await submissionRepository.list({ userId: user.id, formId: f.id, limit: 10 })).items).toEqual([]);
    expect(await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(new Date()) })).toBe(0);
  });

  test('quota: 50 parallel submits with quota 10 → exactly 10 succeed, the rest 403 with used/limit', async () => {
    const user = await owner('PRO', 10);
    const f = await form(user.id);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        submitForm({ config: testConfig, user, input: { formId: f.id, data: { email: `u${i}@b.io` } } }),
      ),
    );
    const rejected = results.filter((r) => r.status === 'rejected').map((r) => r.reason as AppError);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(rejected).toHaveLength(40);
    expect(new Set(rejected.map((e) => `${e.httpStatus} ${e.message}`))).toEqual(
      new Set(['403 Monthly submission limit reached (10/10) for your plan']),
    );
    expect(
      (await submissionRepository.list({ userId: user.id, formId: f.id, limit: 100 })).items,
    ).toHaveLength(10);
    expect(
      (await getForm({ userId: user.id, formId: f.id, limits: DEFAULT_PLAN_LIMITS.PRO })).submissionCount,
    ).toBe(10);
  });

  test('uniqueEmail: 20 parallel submits with one address → one 201, the rest 409, quota given back', async () => {
    const user = await owner('PRO', 100);
    const f = await form(user.id, {
      formType: 'waitlist',
      fields: [{ name: 'email', type: 'email', required: true }],
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        submitForm({
          config: testConfig,
          user,
          input: { formId: f.id, data: { email: i % 2 ? 'Same@x.io' : 'same@x.io' } },
        }),
      ),
    );
    const rejected = results.filter((r) => r.status === 'rejected').map((r) => r.reason as AppError);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(rejected.map((e) => `${e.httpStatus} ${e.message}`))).toEqual(
      new Set(['409 A submission with this email already exists for this form']),
    );
    expect(await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(new Date()) })).toBe(1);
    await submitForm({ config: testConfig, user, input: { formId: f.id, data: { email: 'other@x.io' } } });
  });

  test('a form without declared fields takes any flat object; disabled endpoints get no webhook', async () => {
    const user = await owner('STANDARD');
    const f = await form(user.id, { fields: [] });
    const endpoint = await createWebhookEndpoint({
      config: testConfig,
      userId: user.id,
      formId: f.id,
      url: 'https://hooks.example.com/y',
    });
    const before = await webhookEndpointRepository.listByForm({ userId: user.id, formId: f.id });
    expect(before.map((e) => e.id)).toEqual([endpoint.id]);
    const result = await submitForm({
      config: testConfig,
      user,
      input: { formId: f.id, data: { anything: 'goes', n: 3 } },
    });

    expect(result.outbox.map((o) => [o.kind, o.endpointId])).toEqual([['webhook', endpoint.id]]);
  });
});
