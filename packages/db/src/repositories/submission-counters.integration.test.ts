import { startTestEngine, type EmbeddedMongo } from '@formwell/embedded-mongo/testing';
import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { FormStatsDayModel } from '../models/form-stats-day.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { PENDING_OF_FORM_INDEX, SubmissionModel } from '../models/submission.js';
import { countPending, submissionCountersRepository } from './submission-counters.js';
import { submissionRepository } from './submission.js';

const meta = { browser: 'Chrome', os: 'Linux', device: 'Desktop', country: 'Germany' };

/** A form and a way to insert marked submissions into it, and its counters as stored. */
async function formWithCounters() {
  const userId = new Types.ObjectId();
  const formId = new Types.ObjectId();
  await FormModel.collection.insertOne({ _id: formId, userId, name: 'f', submissionCount: 0 });
  const base = { userId: userId.toString(), formId: formId.toString() };

  return {
    base,
    /** A submission as an insert that leaves the counting for later stores it (marked). */
    create: (createdAt = new Date()) =>
      submissionRepository.create({ ...base, email: null, data: {}, meta, outbox: [], createdAt }),
    counters: async () => {
      const form = await FormModel.collection.findOne<{ submissionCount: number; countedIds?: unknown }>({
        _id: formId,
      });
      const totals = await FormStatsModel.collection.findOne<{ total: number; countedIds?: unknown }>({
        formId,
      });
      const days = await FormStatsDayModel.collection
        .find<{ slots: Record<string, number> }>({ formId })
        .toArray();

      return {
        submissionCount: form?.submissionCount,
        total: totals?.total ?? 0,
        quarters: days.flatMap((day) => Object.values(day.slots)).reduce((sum, count) => sum + count, 0),
        // The counters remember no submission ids.
        remembered: [form?.countedIds, totals?.countedIds].filter((ids) => ids !== undefined).length,
      };
    },
    pending: () => SubmissionModel.collection.countDocuments({ formId, countersPending: true }),
  };
}

/** The guarantees of countPending, on one bulkWrite (8.0) and on separate writes (7.0). */
function countingOn(server: '8.0' | '7.0') {
  test(`${server}: re-applying after an interruption counts a marked submission once`, async () => {
    const form = await formWithCounters();
    const submission = await form.create();

    // The sweep after a crash, then an analytics read, then the sweep again: only the first counts.
    expect(await countPending(submission)).toEqual({ counted: true, formFound: true });
    expect(await countPending(submission)).toEqual({ counted: false, formFound: false });
    expect(await countPending(submission)).toEqual({ counted: false, formFound: false });

    expect(await form.counters()).toEqual({ submissionCount: 1, total: 1, quarters: 1, remembered: 0 });
    expect(await form.pending()).toBe(0);
  });

  test(`${server}: concurrent re-applies of one submission count it exactly once`, async () => {
    const form = await formWithCounters();
    const submission = await form.create();

    const outcomes = await Promise.all(Array.from({ length: 20 }, () => countPending(submission)));

    expect(outcomes.filter((outcome) => outcome.counted)).toHaveLength(1);
    expect(await form.counters()).toEqual({ submissionCount: 1, total: 1, quarters: 1, remembered: 0 });
  });

  test(`${server}: a very busy form: 300 submissions, each re-applied three times at once, count 300`, async () => {
    const form = await formWithCounters();
    const start = Date.UTC(2026, 10, 30, 23, 0);
    // Across a UTC day and month boundary, so several day documents are created concurrently.
    const submissions = await Promise.all(
      Array.from({ length: 300 }, (_, index) => form.create(new Date(start + index * 60_000))),
    );

    const outcomes = await Promise.all(
      [...submissions, ...submissions, ...submissions].map((submission) => countPending(submission)),
    );

    expect(outcomes.filter((outcome) => outcome.counted)).toHaveLength(300);
    expect(await form.counters()).toEqual({ submissionCount: 300, total: 300, quarters: 300, remembered: 0 });
    expect(await form.pending()).toBe(0);
  });

  test(`${server}: a submission deleted before it is counted is counted nowhere and leaves nothing`, async () => {
    const form = await formWithCounters();
    const submission = await form.create();
    await submissionRepository.delete({ ...form.base, submissionId: submission.id });

    expect(await countPending(submission)).toEqual({ counted: false, formFound: false });

    expect(await form.counters()).toEqual({ submissionCount: 0, total: 0, quarters: 0, remembered: 0 });
    expect(await SubmissionModel.collection.countDocuments({ _id: new Types.ObjectId(submission.id) })).toBe(
      0,
    );
  });

  test(`${server}: a submission of a deleted form is counted without a form to count it on`, async () => {
    const form = await formWithCounters();
    const submission = await form.create();
    await FormModel.collection.deleteOne({ _id: new Types.ObjectId(form.base.formId) });

    expect(await countPending(submission)).toEqual({ counted: true, formFound: false });
    expect(await countPending(submission)).toEqual({ counted: false, formFound: false });
  });
}

describe('counting a marked submission on MongoDB 8.0 (one bulkWrite)', () => {
  beforeAll(async () => {
    await connectDatabase({ uri: testMongoUri('db_submission_counters') });
    await ensureIndexes();
  });
  afterAll(async () => {
    await disconnectDatabase();
  });

  countingOn('8.0');

  test("a form's pending submissions are found without reading its settled ones", async () => {
    const form = await formWithCounters();
    for (let i = 0; i < 60; i++) {
      await countPending(await form.create());
    }
    const pending = [(await form.create()).id, (await form.create()).id];

    const found = await submissionCountersRepository.findPendingOfForm({ ...form.base, limit: 10 });
    expect(found.map((submission) => submission.id).sort()).toEqual(pending.sort());

    // The read the repository makes, explained: only the two pending documents are looked at.
    const plan = await SubmissionModel.collection
      .find({
        countersPending: true,
        userId: new Types.ObjectId(form.base.userId),
        formId: new Types.ObjectId(form.base.formId),
      })
      .hint(PENDING_OF_FORM_INDEX)
      .explain('executionStats');
    expect(plan.executionStats).toMatchObject({ totalDocsExamined: 2, nReturned: 2 });
  });
});

describe('counting a marked submission on MongoDB 7.0 (separate writes)', () => {
  let engine: EmbeddedMongo;
  beforeAll(async () => {
    engine = await startTestEngine({ serverVersion: '7.0' });
    await connectDatabase({ uri: new URL('db_submission_counters_7', engine.uri).toString() });
    await ensureIndexes();
  });
  afterAll(async () => {
    await disconnectDatabase();
    await engine.stop();
  });

  countingOn('7.0');
});
