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

test('moves the caught count to the form and counts its folder, the same when run again', async () => {
  const userId = new Types.ObjectId();
  const [caughtAndFiled, quiet] = [await legacyForm(userId), await legacyForm(userId)];
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
    const form = await formRepository.findById({ userId: userId.toString(), formId: formId.toString() });

    return [form?.caughtSpamCount, form?.spamFolderCount];
  };

  await migrateSpamCountsToForms();
  expect([await counters(caughtAndFiled), await counters(quiet)]).toEqual([
    [3, 2],
    [0, 0],
  ]);
  const totals = await FormStatsModel.collection.findOne({ formId: caughtAndFiled });
  expect(totals).not.toHaveProperty('spam');
  expect(totals).toMatchObject({ total: 1, version: 4 });

  await migrateSpamCountsToForms();
  expect([await counters(caughtAndFiled), await counters(quiet)]).toEqual([
    [3, 2],
    [0, 0],
  ]);
});
