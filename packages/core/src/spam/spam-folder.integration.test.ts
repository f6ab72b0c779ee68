import {
  formRepository,
  monthlyUsageRepository,
  spamModelRepository,
  submissionRepository,
} from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { appErrorOf } from '../../test/app-error-of.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createForm } from '../forms/create-form.js';
import { getFormDetail } from '../forms/get-form-detail.js';
import type { TCreateFormInput } from '../forms/z-form-input.js';
import { getFormAnalytics } from '../analytics/get-form-analytics.js';
import { deleteSubmission } from '../submissions/delete-submission.js';
import { listSubmissions } from '../submissions/list-submissions.js';
import { submitForm } from '../submissions/submit-form.js';
import { usageMonth } from '../submissions/usage-month.js';
import { createUser } from '../users/create-user.js';
import { setUserPlan } from '../users/set-user-plan.js';
import { createWebhookEndpoint } from '../webhooks/create-webhook-endpoint.js';
import { purgeSpamFolder } from './purge-spam-folder.js';
import { setSubmissionStatus } from './set-submission-status.js';

useTestDatabase('core_spam_folder');

const LINK_FARM = 'Deals http://a.example.top http://b.example.top http://c.example.top http://d.example.top';

async function owner(quotaLimit?: number) {
  const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
  const updated = await setUserPlan({ config: testConfig, userId: user.id, plan: 'PRO', quotaLimit });

  return { id: user.id, plan: 'PRO' as const, quotaLimit: updated.quotaLimit };
}

async function formWithEffects(userId: string, input: Partial<TCreateFormInput> = {}) {
  const form = await createForm({
    config: testConfig,
    userId,
    input: {
      name: 'Contact',
      formType: 'contact',
      fields: [
        { name: 'email', type: 'email', required: true },
        { name: 'message', type: 'textarea' },
      ],
      emailSettings: { enabled: true, developerNotificationsEnabled: false },
      ...input,
    },
  });
  await createWebhookEndpoint({
    config: testConfig,
    userId,
    formId: form.id,
    url: 'https://hooks.example.com/x',
  });

  return form;
}

const submit = (user: Awaited<ReturnType<typeof owner>>, formId: string, message: string, now?: Date) =>
  submitForm({
    config: testConfig,
    user,
    input: { formId, data: { email: 'visitor@example.com', message } },
    ...(now ? { now } : {}),
  });

const detail = (userId: string, formId: string) =>
  getFormDetail({ userId, formId, limits: testConfig.plans.PRO });

describe('the spam folder', () => {
  test('files spam with its score and reasons, and sends, counts and charges nothing', async () => {
    const user = await owner();
    const form = await formWithEffects(user.id);
    const result = await submit(user, form.id, LINK_FARM);

    expect(result.response.success).toBe(true);
    expect(result.outbox).toEqual([]);
    expect(result.spam).toBe(true);
    const stored = await submissionRepository.findById({
      userId: user.id,
      formId: form.id,
      submissionId: result.response.submissionId,
    });
    expect(stored).toMatchObject({ status: 'spam', withheld: true, outbox: [], countersPending: false });
    expect(stored?.spamScore).toBeGreaterThanOrEqual(0.8);
    expect(stored?.spamReasons).toContain('links');
    expect((await formRepository.findById({ userId: user.id, formId: form.id }))?.submissionCount).toBe(0);
    expect(await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(new Date()) })).toBe(0);
    expect((await listSubmissions({ userId: user.id, formId: form.id })).submissions).toEqual([]);
    const folder = await listSubmissions({ userId: user.id, formId: form.id, status: 'spam' });
    expect(folder.submissions.map((s) => [s.id, s.status])).toEqual([[result.response.submissionId, 'spam']]);
    expect((await detail(user.id, form.id)).spamCount).toBe(1);
    const analytics = await getFormAnalytics({
      config: testConfig,
      user: { id: user.id, plan: 'PRO' },
      formId: form.id,
    });
    expect(analytics.totalSubmissions).toBe(0);
  });

  test('a threshold of 1 keeps everything in the inbox; a low one files ordinary text', async () => {
    const user = await owner();
    const open = await formWithEffects(user.id, { spamThreshold: 1 });
    expect((await submit(user, open.id, LINK_FARM)).outbox).toHaveLength(2);
    const strict = await formWithEffects(user.id, { spamThreshold: 0.01 });
    expect((await submit(user, strict.id, 'Hello, is the shop open on Sunday?')).spam).toBe(true);
  });

  test('"not spam" delivers once: one email, one webhook, one count, one quota unit, even when releases race', async () => {
    const user = await owner();
    const form = await formWithEffects(user.id);
    const { response } = await submit(user, form.id, LINK_FARM);
    const mark = () =>
      setSubmissionStatus({
        config: testConfig,
        user,
        formId: form.id,
        submissionId: response.submissionId,
        input: { status: 'inbox' },
      });
    const results = await Promise.all([mark(), mark(), mark()]);

    const outbox = results.flatMap((result) => result.outbox);
    expect(outbox.map((item) => item.kind).sort()).toEqual(['email.confirmation', 'webhook']);
    expect(results.every((result) => result.submission.status === 'inbox')).toBe(true);
    expect((await formRepository.findById({ userId: user.id, formId: form.id }))?.submissionCount).toBe(1);
    expect(await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(new Date()) })).toBe(1);
    const stored = await submissionRepository.findById({
      userId: user.id,
      formId: form.id,
      submissionId: response.submissionId,
    });
    expect(stored?.outbox).toHaveLength(2);
    expect(stored).toMatchObject({ status: 'inbox', withheld: false });
    expect((await listSubmissions({ userId: user.id, formId: form.id })).submissions).toHaveLength(1);
    expect((await detail(user.id, form.id)).spamCount).toBe(0);
    const analytics = await getFormAnalytics({
      config: testConfig,
      user: { id: user.id, plan: 'PRO' },
      formId: form.id,
    });
    expect(analytics.totalSubmissions).toBe(1);
    // A second "not spam" later changes nothing.
    expect((await mark()).outbox).toEqual([]);
    expect(await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(new Date()) })).toBe(1);
  });

  test('"spam" on a delivered submission takes it out of count, analytics and quota once, even when marks race; "not spam" counts it once and sends nothing again', async () => {
    const user = await owner();
    const form = await formWithEffects(user.id);
    const submitted = await submit(user, form.id, 'Hello, is the shop open on Sunday?');
    expect(submitted.spam).toBe(false);
    expect(submitted.outbox).toHaveLength(2);
    const { submissionId } = submitted.response;
    const mark = (status: 'inbox' | 'spam') =>
      setSubmissionStatus({ config: testConfig, user, formId: form.id, submissionId, input: { status } });
    const counts = async () => ({
      form: (await formRepository.findById({ userId: user.id, formId: form.id }))?.submissionCount,
      quota: await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(new Date()) }),
      analytics: (
        await getFormAnalytics({ config: testConfig, user: { id: user.id, plan: 'PRO' }, formId: form.id })
      ).totalSubmissions,
      spam: (await detail(user.id, form.id)).spamCount,
    });

    const marked = await Promise.all([mark('spam'), mark('spam'), mark('spam')]);
    expect(marked.map((result) => result.submission.status)).toEqual(['spam', 'spam', 'spam']);
    expect(marked.flatMap((result) => result.outbox)).toEqual([]);
    expect(await counts()).toEqual({ form: 0, quota: 0, analytics: 0, spam: 1 });
    expect((await listSubmissions({ userId: user.id, formId: form.id })).submissions).toEqual([]);
    expect(
      (await listSubmissions({ userId: user.id, formId: form.id, status: 'spam' })).submissions.map(
        (s) => s.id,
      ),
    ).toEqual([submissionId]);

    const released = await Promise.all([mark('inbox'), mark('inbox'), mark('inbox')]);
    // Its email and webhook went out when it arrived: nothing is sent twice.
    expect(released.flatMap((result) => result.outbox)).toEqual([]);
    expect(released.map((result) => result.submission.status)).toEqual(['inbox', 'inbox', 'inbox']);
    expect(await counts()).toEqual({ form: 1, quota: 1, analytics: 1, spam: 0 });
    const stored = await submissionRepository.findById({ userId: user.id, formId: form.id, submissionId });
    expect(stored?.outbox).toHaveLength(2);
    expect(stored).toMatchObject({
      status: 'inbox',
      withheld: false,
      withdrawn: false,
      countersPending: false,
    });

    // Back and forth again: each way once more, never twice.
    await mark('spam');
    expect(await counts()).toEqual({ form: 0, quota: 0, analytics: 0, spam: 1 });
    await mark('inbox');
    expect(await counts()).toEqual({ form: 1, quota: 1, analytics: 1, spam: 0 });
  });

  test("marking last month's delivered submission spam, and back, leaves both months' quota as it was", async () => {
    const user = await owner();
    const form = await formWithEffects(user.id);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    const old = await submit(user, form.id, 'Hello, is the shop open on Sunday?', lastMonth);
    const recent = await submit(user, form.id, 'Do you ship to Norway?');
    const mark = (submissionId: string, status: 'inbox' | 'spam') =>
      setSubmissionStatus({ config: testConfig, user, formId: form.id, submissionId, input: { status } });
    const quota = async () => ({
      last: await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(lastMonth) }),
      current: await monthlyUsageRepository.get({ userId: user.id, month: usageMonth(now) }),
    });
    expect(await quota()).toEqual({ last: 1, current: 1 });

    expect((await mark(old.response.submissionId, 'spam')).submission.status).toBe('spam');
    expect(await quota()).toEqual({ last: 1, current: 1 });
    await mark(old.response.submissionId, 'inbox');
    expect(await quota()).toEqual({ last: 1, current: 1 });

    // This month's submission still gives back and takes again this month's unit.
    await mark(recent.response.submissionId, 'spam');
    expect(await quota()).toEqual({ last: 1, current: 0 });
    await mark(recent.response.submissionId, 'inbox');
    expect(await quota()).toEqual({ last: 1, current: 1 });
  });

  test('a release past the month quota is refused and leaves the submission in the folder', async () => {
    const user = await owner(1);
    const form = await formWithEffects(user.id);
    await submit(user, form.id, 'An ordinary message');
    const { response } = await submit(user, form.id, LINK_FARM);
    const error = await appErrorOf(
      setSubmissionStatus({
        config: testConfig,
        user,
        formId: form.id,
        submissionId: response.submissionId,
        input: { status: 'inbox' },
      }),
    );
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe('Monthly submission limit reached (1/1) for your plan');
    expect(
      (await listSubmissions({ userId: user.id, formId: form.id, status: 'spam' })).submissions,
    ).toHaveLength(1);
  });

  test('marks train only the marking workspace model; marking back unlearns', async () => {
    const alice = await owner();
    const bob = await owner();
    const form = await formWithEffects(alice.id);
    const pitch = await submit(alice, form.id, 'We redesign websites, reply to this email for a quote');
    const ham = await submit(alice, form.id, 'Can I book a table for four on Friday?');
    const mark = (submissionId: string, status: 'inbox' | 'spam') =>
      setSubmissionStatus({
        config: testConfig,
        user: alice,
        formId: form.id,
        submissionId,
        input: { status },
      });
    await mark(pitch.response.submissionId, 'spam');
    expect(await spamModelRepository.find({ workspaceId: alice.id })).toMatchObject({
      spamMarks: 1,
      hamMarks: 0,
    });
    await mark(pitch.response.submissionId, 'inbox');
    await mark(pitch.response.submissionId, 'spam');
    await mark(ham.response.submissionId, 'spam');
    await mark(ham.response.submissionId, 'inbox');
    expect(await spamModelRepository.find({ workspaceId: alice.id })).toMatchObject({
      spamMarks: 1,
      hamMarks: 1,
    });
    expect(await spamModelRepository.find({ workspaceId: bob.id })).toBeNull();
    // A form of Alice's named by Bob is refused before anything is read or learned.
    const foreign = await appErrorOf(
      setSubmissionStatus({
        config: testConfig,
        user: bob,
        formId: form.id,
        submissionId: pitch.response.submissionId,
        input: { status: 'inbox' },
      }),
    );
    expect(foreign.code).toBe('FORBIDDEN');
    expect(await spamModelRepository.find({ workspaceId: bob.id })).toBeNull();
  });

  test('refuses a bad status with 400 and an unknown submission with 404', async () => {
    const user = await owner();
    const form = await formWithEffects(user.id);
    const set = (submissionId: string, status: unknown) =>
      appErrorOf(
        setSubmissionStatus({ config: testConfig, user, formId: form.id, submissionId, input: { status } }),
      );
    expect((await set('000000000000000000000000', 'trash')).code).toBe('BAD_REQUEST');
    const missing = await set('000000000000000000000000', 'inbox');
    expect([missing.code, missing.message]).toEqual(['NOT_FOUND', 'Submission not found']);
  });

  test('purges spam after 30 days in the folder, and nothing younger; the folder count follows', async () => {
    const user = await owner();
    const form = await formWithEffects(user.id);
    const old = await submit(user, form.id, LINK_FARM, new Date(Date.now() - 31 * 86_400_000));
    const young = await submit(user, form.id, LINK_FARM, new Date(Date.now() - 29 * 86_400_000));
    expect(await purgeSpamFolder()).toBeGreaterThanOrEqual(1);
    const ids = (await listSubmissions({ userId: user.id, formId: form.id, status: 'spam' })).submissions.map(
      (s) => s.id,
    );
    expect(ids).toEqual([young.response.submissionId]);
    expect(ids).not.toContain(old.response.submissionId);
    expect((await detail(user.id, form.id)).spamCount).toBe(1);

    await deleteSubmission({ userId: user.id, formId: form.id, submissionId: young.response.submissionId });
    expect((await detail(user.id, form.id)).spamCount).toBe(0);
  });
});
