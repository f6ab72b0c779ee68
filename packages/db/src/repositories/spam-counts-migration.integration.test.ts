import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { formRepository } from './form.js';
import { migrateSpamCountsToForms } from './spam-counts-migration.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_spam_counts_migration') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

/** A form as stored before it kept spam counters: no counter fields at all. */
async function legacyForm(userId: Types.ObjectId) {
  const _id = new Types.ObjectId();
  await FormModel.collection.insertOne({
    _id,
    userId,
    name: 'Legacy',
    formType: 'contact',
    submissionCount: 1,
  });

  return _id;
}

function submission(userId: Types.ObjectId, formId: Types.ObjectId, status: 'inbox' | 'spam') {
  return {
    _id: new Types.ObjectId(),
    userId,
    formId,
    data: {},
    meta: {},
    outbox: [],
    status,
    createdAt: new Date(),
  };
}

test('adds the caught count to what the form counted meanwhile, counts its folder, the same when run again', async () => {
  const userId = new Types.ObjectId();
  const [caughtAndFiled, quiet, emptied] = [
    await legacyForm(userId),
    await legacyForm(userId),
    await legacyForm(userId),
  ];
  // Counted by servers of the new version before the migration ran: two honeypot hits on one form,
  // and on another the deletion of its only legacy spam (the folder count went below zero).
  await FormModel.collection.updateOne({ _id: caughtAndFiled }, { $set: { caughtSpamCount: 2 } });
  await FormModel.collection.updateOne({ _id: emptied }, { $set: { spamFolderCount: -1 } });
  await FormStatsModel.collection.insertMany([
    { formId: caughtAndFiled, userId, total: 1, spam: 3, version: 4 },
    { formId: quiet, userId, total: 0, version: 0 },
  ]);
  await SubmissionModel.collection.insertMany([
    submission(userId, caughtAndFiled, 'spam'),
    submission(userId, caughtAndFiled, 'spam'),
    submission(userId, caughtAndFiled, 'inbox'),
    submission(userId, quiet, 'inbox'),
  ]);
  const counters = async (formId: Types.ObjectId) => {
    const form = await FormModel.collection.findOne<{ caughtSpamCount?: number; spamFolderCount?: number }>({
      _id: formId,
    });

    return [form?.caughtSpamCount ?? 0, form?.spamFolderCount ?? 0];
  };
  const all = async () => [await counters(caughtAndFiled), await counters(quiet), await counters(emptied)];

  await migrateSpamCountsToForms();
  expect(await all()).toEqual([
    [5, 2],
    [0, 0],
    [0, 0],
  ]);
  const totals = await FormStatsModel.collection.findOne({ formId: caughtAndFiled });
  expect(totals).not.toHaveProperty('spam');
  // The version moved, so an analytics rebuild that read the old totals cannot write them back.
  expect(totals).toMatchObject({ total: 1, version: 5 });

  await migrateSpamCountsToForms();
  expect(await all()).toEqual([
    [5, 2],
    [0, 0],
    [0, 0],
  ]);
});

test('a form never shows a spam count below zero', async () => {
  const userId = new Types.ObjectId();
  const formId = await legacyForm(userId);
  await FormModel.collection.updateOne(
    { _id: formId },
    { $set: { spamFolderCount: -1, caughtSpamCount: -2 } },
  );

  const form = await formRepository.findById({ userId: userId.toString(), formId: formId.toString() });
  expect([form?.caughtSpamCount, form?.spamFolderCount]).toEqual([0, 0]);
});
