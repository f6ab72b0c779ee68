import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { PENDING_OF_FORM_INDEX, SubmissionModel } from '../models/submission.js';
import { submissionCountersRepository } from './submission-counters.js';
import { submissionRepository } from './submission.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_submission_counters') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

const meta = { browser: 'Chrome', os: 'Linux', device: 'Desktop', country: 'Germany' };

test("a form's pending submissions are found without reading its settled ones", async () => {
  const base = { userId: new Types.ObjectId().toString(), formId: new Types.ObjectId().toString() };
  const create = () =>
    submissionRepository.create({ ...base, email: null, data: {}, meta, outbox: [], createdAt: new Date() });
  for (let i = 0; i < 60; i++) {
    await submissionCountersRepository.markApplied({ submissionId: (await create()).id });
  }
  const pending = [(await create()).id, (await create()).id];

  const found = await submissionCountersRepository.findPendingOfForm({ ...base, limit: 10 });
  expect(found.map((submission) => submission.id).sort()).toEqual(pending.sort());

  // The read the repository makes, explained: only the two pending documents are looked at.
  const plan = await SubmissionModel.collection
    .find({
      countersPending: true,
      userId: new Types.ObjectId(base.userId),
      formId: new Types.ObjectId(base.formId),
    })
    .hint(PENDING_OF_FORM_INDEX)
    .explain('executionStats');
  expect(plan.executionStats).toMatchObject({ totalDocsExamined: 2, nReturned: 2 });
});
