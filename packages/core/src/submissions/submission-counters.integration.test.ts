import {
  FormModel,
  FormStatsModel,
  formStatsRepository,
  nonZeroBuckets,
  SubmissionModel,
  submissionRepository,
} from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { getFormAnalytics } from '../analytics/get-form-analytics.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { DEFAULT_PLAN_LIMITS } from '../config/plans.js';
import { createForm } from '../forms/create-form.js';
import { getForm } from '../forms/get-form.js';
import { createUser } from '../users/create-user.js';
import { applyPendingCountersOfForm, applySubmissionCounters } from './apply-submission-counters.js';
import { deleteSubmission } from './delete-submission.js';
import { reconcileSubmissionCounters } from './reconcile-submission-counters.js';
import { submitForm } from './submit-form.js';

useTestDatabase('core_submission_counters');

const meta = { browser: 'Firefox', os: 'Linux', device: 'Desktop', country: 'Germany' };

async function setup() {
  const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
  const form = await createForm({
    config: testConfig,
    userId: user.id,
    input: { name: 'F', formType: 'custom' },
  });
  const actor = { id: user.id, plan: 'PRO' as const, quotaLimit: 10_000 };

  return { user, form, actor };
}

/** A submission whose submit crashed right after the insert: stored, not counted. */
function interruptedSubmission(userId: string, formId: string, createdAt: Date) {
  return submissionRepository.create({
    userId,
    formId,
    email: null,
    data: { a: 1 },
    meta,
    outbox: [],
    createdAt,
  });
}

async function counts(userId: string, formId: string) {
  const stats = await formStatsRepository.get({ userId, formId });

  return {
    submissionCount: (await getForm({ userId, formId, limits: DEFAULT_PLAN_LIMITS.PRO })).submissionCount,
    total: stats?.total ?? 0,
  };
}

describe('submission counters', () => {
  test('a submit counts its form and its analytics before it answers; nothing is left pending', async () => {
    const { form, actor } = await setup();
    const result = await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { a: 'x' } },
    });

    // Answered: every count includes it, and no mark is left for a later step.
    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 1, total: 1 });
    expect(
      await SubmissionModel.exists({ _id: result.response.submissionId, countersPending: true }),
    ).toBeNull();
    // An analytics read and a sweep afterwards count nothing twice.
    await applyPendingCountersOfForm({ userId: actor.id, formId: form.id });
    await reconcileSubmissionCounters({ now: new Date(Date.now() + 3_600_000) });
    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 1, total: 1 });
  });

  test('analytics include a 201 whose after-response step never ran (a crash right after answering)', async () => {
    const { form, actor } = await setup();
    await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { a: 'x' } } });
    await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { a: 'y' } } });

    const analytics = await getFormAnalytics({ config: testConfig, user: actor, formId: form.id });
    expect(analytics.totalSubmissions).toBe(2);
    expect(await SubmissionModel.countDocuments({ formId: form.id, countersPending: true })).toBe(0);
  });

  test('many concurrent submits: every count is exact as soon as they are answered', async () => {
    const { form, actor } = await setup();
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { a: `${index}` } } }),
      ),
    );

    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 40, total: 40 });
    expect(await SubmissionModel.countDocuments({ formId: form.id, countersPending: true })).toBe(0);
  });

  test('the sweep finishes an interrupted submit, and re-applying never counts twice', async () => {
    const { form, actor } = await setup();
    const now = new Date('2026-11-21T06:00:00.000Z');
    const submission = await interruptedSubmission(actor.id, form.id, new Date(now.getTime() - 60_000));
    const young = await interruptedSubmission(actor.id, form.id, now);

    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 0, total: 0 });
    expect(await reconcileSubmissionCounters({ now })).toBeGreaterThanOrEqual(1);
    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 1, total: 1 });
    // Re-applied after the sweep took its mark (another sweep, a reader): a no-op.
    await applySubmissionCounters({ submission });
    await reconcileSubmissionCounters({ now });
    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 1, total: 1 });
    // The young one may still be in flight: the sweep leaves it alone until it is old enough.
    expect(await SubmissionModel.exists({ _id: young.id, countersPending: true })).not.toBeNull();
    await reconcileSubmissionCounters({ now: new Date(now.getTime() + 60_000) });
    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 2, total: 2 });
  });

  test('concurrent applies of the same submissions count each once', async () => {
    const { form, actor } = await setup();
    const submissions = await Promise.all(
      Array.from({ length: 5 }, () => interruptedSubmission(actor.id, form.id, new Date())),
    );
    await Promise.all(
      [...submissions, ...submissions, ...submissions].map((submission) =>
        applySubmissionCounters({ submission }),
      ),
    );

    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 5, total: 5 });
  });

  test('deleting lowers submissionCount and the analytics totals alike, pending or not', async () => {
    const { form, actor } = await setup();
    const counted = await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { a: 'x' } },
    });
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { a: 'y' } },
    });
    const pending = await interruptedSubmission(actor.id, form.id, new Date());
    const ids = { userId: actor.id, formId: form.id };
    await deleteSubmission({ ...ids, submissionId: counted.response.submissionId });
    await deleteSubmission({ ...ids, submissionId: pending.id });

    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 1, total: 1 });
  });

  test('quarter-hour buckets go to one document per UTC day; deletes take them out again', async () => {
    const { form, actor } = await setup();
    const submit = (now: Date) =>
      submitForm({
        config: testConfig,
        user: actor,
        input: { formId: form.id, data: { a: 'x' } },
        now,
      });
    await submit(new Date('2026-01-01T10:00:00.000Z'));
    await submit(new Date('2026-01-01T10:14:59.000Z'));
    const late = await submit(new Date('2026-01-31T23:45:00.000Z'));
    await submit(new Date('2026-02-15T09:31:00.000Z'));
    const ids = { userId: actor.id, formId: form.id };
    await deleteSubmission({ ...ids, submissionId: late.response.submissionId });
    const stats = await formStatsRepository.get(ids);

    expect(stats?.total).toBe(3);
    expect(stats?.months.map((m) => ({ ...m, days: nonZeroBuckets(m.days) }))).toEqual([
      { month: '2026-01', days: { '01T1000': 2 }, quarterOfDay: { '1000': 2, '2345': 0 } },
      { month: '2026-02', days: { '15T0930': 1 }, quarterOfDay: { '0930': 1 } },
    ]);
    expect(
      (await formStatsRepository.get({ ...ids, quartersFrom: '2026-02', quarterOfDay: false }))?.months,
    ).toHaveLength(1);
  });

  test('no counter remembers submission ids', async () => {
    const { form, actor } = await setup();
    await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { a: 'x' } } });
    const owner = FormModel.castObject({ userId: actor.id }).userId;

    expect(await FormModel.collection.findOne({ userId: owner })).not.toHaveProperty('countedIds');
    expect(await FormStatsModel.collection.findOne({ userId: owner })).not.toHaveProperty('countedIds');
  });

  test('an interrupted submission is counted once however many were counted after it', async () => {
    const { form, actor } = await setup();
    const lost = await interruptedSubmission(actor.id, form.id, new Date());
    // More than the 200 ids the former counters remembered.
    for (let i = 1; i <= 210; i++) {
      await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { i } } });
    }

    await Promise.all([
      applyPendingCountersOfForm({ userId: actor.id, formId: form.id }),
      applyPendingCountersOfForm({ userId: actor.id, formId: form.id }),
      reconcileSubmissionCounters({ now: new Date(Date.now() + 3_600_000) }),
    ]);
    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 211, total: 211 });
    expect(await SubmissionModel.exists({ _id: lost.id, countersPending: true })).toBeNull();
  });

  test('a submission never counted is counted by the sweep, however many came after it', async () => {
    const { form, actor } = await setup();
    const lost = await interruptedSubmission(actor.id, form.id, new Date());
    for (let i = 0; i < 3; i++) {
      await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { i } } });
    }

    await applyPendingCountersOfForm({ userId: actor.id, formId: form.id });
    expect(await counts(actor.id, form.id)).toEqual({ submissionCount: 4, total: 4 });
    expect(await SubmissionModel.exists({ _id: lost.id, countersPending: true })).toBeNull();
  });
});
