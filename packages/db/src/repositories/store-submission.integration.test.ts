import { startTestEngine, type EmbeddedMongo } from '@formwell/embedded-mongo/testing';
import { testMongoUri } from '@formwell/vitest-config/services';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { monitoredUri } from '../../test/monitored-uri.js';
import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { FormStatsDayModel } from '../models/form-stats-day.js';
import { FormStatsQuartersModel } from '../models/form-stats-quarters.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { monthlyUsageRepository } from './monthly-usage.js';
import { settleUncounted, storeSubmission } from './store-submission.js';
import { submissionRepository } from './submission.js';
import { countPending } from './submission-counters.js';

const MONTH = '2026-11';
const meta = { browser: 'Chrome', os: 'Linux', device: 'Desktop', country: 'Germany' };

/** A fresh owner with one form; its count and stored submissions, read straight from MongoDB. */
async function ownerWithForm() {
  const userId = new Types.ObjectId();
  const formId = new Types.ObjectId();
  await FormModel.collection.insertOne({ _id: formId, userId, name: 'f', submissionCount: 0 });

  return {
    userId: userId.toString(),
    formId: formId.toString(),
    store: (limit: number, emailKey?: string) =>
      storeSubmission({
        record: {
          userId: userId.toString(),
          formId: formId.toString(),
          email: emailKey ?? null,
          ...(emailKey !== undefined ? { emailKey } : {}),
          data: { message: 'hi' },
          meta,
          outbox: [],
          createdAt: new Date(),
        },
        month: MONTH,
        quotaLimit: limit,
      }),
    submissionCount: async () =>
      (await FormModel.collection.findOne<{ submissionCount: number }>({ _id: formId }))?.submissionCount,
    stored: () => SubmissionModel.collection.countDocuments({ formId }),
    /** Stored submissions still waiting for their counts (none once a submit has answered). */
    pending: () => SubmissionModel.collection.countDocuments({ formId, countersPending: { $exists: true } }),
    /** The analytics' total and the sum of the day documents' quarter hours. */
    analytics: async () => {
      const totals = await FormStatsModel.collection.findOne<{ total: number }>({ formId });
      const days = await FormStatsDayModel.collection
        .find<{ slots: Record<string, number> }>({ formId })
        .toArray();
      const quarters = days.flatMap((day) => Object.values(day.slots)).reduce((sum, count) => sum + count, 0);
      const months = await FormStatsQuartersModel.collection.countDocuments({ formId });

      return { total: totals?.total ?? 0, quarters, documents: days.length + months + (totals ? 1 : 0) };
    },
    used: () => monthlyUsageRepository.get({ userId: userId.toString(), month: MONTH }),
  };
}

/** The names of the commands the default connection sends while `work` runs. */
async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  const client = mongoose.connection.getClient();
  const listener = (event: { commandName: string }) => names.push(event.commandName);
  client.on('commandStarted', listener);
  try {
    await work();
  } finally {
    client.off('commandStarted', listener);
  }

  return names;
}

/**
 * The same outcomes whichever way the writes go: one bulkWrite (MongoDB 8.0) or separate writes
 * (a 7.0 server, which does not know the command).
 */
function outcomesOn(server: '8.0' | '7.0') {
  test(`${server}: a stored submission is counted on its form and takes one quota unit`, async () => {
    const owner = await ownerWithForm();

    const result = await owner.store(10);

    expect(result.outcome).toBe('stored');
    expect(await owner.submissionCount()).toBe(1);
    expect(await owner.stored()).toBe(1);
    expect(await owner.used()).toBe(1);
    // Its analytics are counted before the answer too, and nothing is left for a later step.
    expect(await owner.analytics()).toEqual({ total: 1, quarters: 1, documents: 3 });
    expect(await owner.pending()).toBe(0);
  });

  test(`${server}: past the limit nothing is stored and the answer names the units used`, async () => {
    const owner = await ownerWithForm();
    expect((await owner.store(2)).outcome).toBe('stored');
    expect((await owner.store(2)).outcome).toBe('stored');

    expect(await owner.store(2)).toEqual({ outcome: 'overQuota', used: 2 });
    expect(await owner.stored()).toBe(2);
    expect(await owner.submissionCount()).toBe(2);
    expect(await owner.used()).toBe(2);
  });

  test(`${server}: a limit of 0 refuses without creating the month counter`, async () => {
    const owner = await ownerWithForm();

    expect(await owner.store(0)).toEqual({ outcome: 'overQuota', used: 0 });
    expect(await owner.stored()).toBe(0);
    expect(await owner.used()).toBe(0);
  });

  test(`${server}: a duplicate email gives its quota unit back`, async () => {
    const owner = await ownerWithForm();
    expect((await owner.store(10, 'a@example.com')).outcome).toBe('stored');

    expect(await owner.store(10, 'a@example.com')).toEqual({ outcome: 'duplicateEmail' });
    expect(await owner.stored()).toBe(1);
    expect(await owner.submissionCount()).toBe(1);
    expect(await owner.used()).toBe(1);
  });

  test(`${server}: a form deleted after it was read keeps no submission and charges no unit`, async () => {
    const owner = await ownerWithForm();
    expect((await owner.store(10)).outcome).toBe('stored');
    await FormModel.collection.deleteOne({ _id: new Types.ObjectId(owner.formId) });

    expect(await owner.store(10)).toEqual({ outcome: 'formGone' });
    expect(await owner.stored()).toBe(1);
    expect(await owner.used()).toBe(1);
    // The analytics of a gone form are gone too, even those its last submit created again.
    expect(await owner.analytics()).toEqual({ total: 0, quarters: 0, documents: 0 });
  });

  test(`${server}: 30 concurrent submits on a new month with a limit of 10 store exactly 10`, async () => {
    const owner = await ownerWithForm();

    const results = await Promise.all(Array.from({ length: 30 }, () => owner.store(10)));

    expect(results.filter((result) => result.outcome === 'stored')).toHaveLength(10);
    expect(results.filter((result) => result.outcome === 'overQuota')).toHaveLength(20);
    expect(await owner.stored()).toBe(10);
    expect(await owner.submissionCount()).toBe(10);
    expect(await owner.used()).toBe(10);
  });
}

/**
 * A submission an analytics reader counted first (a marked insert on an older server): the submit
 * then takes nothing, and settleUncounted reads the form to tell a stored submission from a gone
 * form.
 */
function countedByAReaderFirst() {
  test('a submission a reader counted first is kept; one whose form is gone is taken back', async () => {
    const owner = await ownerWithForm();
    const options = { month: MONTH, quotaLimit: 10 };
    const pending = async () => {
      await monthlyUsageRepository.consume({ userId: owner.userId, month: MONTH, limit: 10 });
      const record = { userId: owner.userId, formId: owner.formId, email: null, data: {}, meta, outbox: [] };
      const submission = await submissionRepository.create({ ...record, createdAt: new Date() });
      // What the analytics reader does with a pending submission: take its mark and count it.
      expect(await countPending(submission)).toEqual({ counted: true, formFound: true });
      expect(await countPending(submission)).toEqual({ counted: false, formFound: false });

      return { submission, record: { ...record, createdAt: submission.createdAt } };
    };

    const kept = await pending();
    expect(await settleUncounted({ ...options, record: kept.record }, kept.submission)).toEqual({
      outcome: 'stored',
      submission: kept.submission,
    });
    expect(await owner.stored()).toBe(1);
    expect(await owner.used()).toBe(1);
    expect(await owner.submissionCount()).toBe(1);

    const orphan = await pending();
    await FormModel.collection.deleteOne({ _id: new Types.ObjectId(owner.formId) });
    expect(await settleUncounted({ ...options, record: orphan.record }, orphan.submission)).toEqual({
      outcome: 'formGone',
    });
    expect(await owner.stored()).toBe(1);
    expect(await owner.used()).toBe(1);
  });
}

describe('on MongoDB 8.0: one bulkWrite', () => {
  beforeAll(async () => {
    await connectDatabase({ uri: monitoredUri(testMongoUri('db_store_submission')) });
    await ensureIndexes();
  });
  afterAll(async () => {
    await disconnectDatabase();
  });

  outcomesOn('8.0');
  countedByAReaderFirst();

  test('8.0: a submit sends exactly one command', async () => {
    const owner = await ownerWithForm();
    await owner.store(10);

    expect(await commandsOf(() => owner.store(10))).toEqual(['bulkWrite']);
  });
});

describe('on MongoDB 7.0: separate writes', () => {
  let engine: EmbeddedMongo;
  beforeAll(async () => {
    engine = await startTestEngine({ serverVersion: '7.0' });
    await connectDatabase({ uri: monitoredUri(new URL('db_store_submission_7', engine.uri).toString()) });
    await ensureIndexes();
  });
  afterAll(async () => {
    await disconnectDatabase();
    await engine.stop();
  });

  outcomesOn('7.0');

  test('7.0: the refused bulkWrite is remembered, so a submit sends its writes alone', async () => {
    const owner = await ownerWithForm();

    // The quota unit, the marked insert, taking the mark, then the form's count and the three
    // analytics documents side by side.
    expect(await commandsOf(() => owner.store(10))).toEqual([
      'findAndModify',
      'insert',
      'update',
      'update',
      'update',
      'update',
      'update',
    ]);
  });
});
