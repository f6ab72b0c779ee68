import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { SubmissionModel } from '../models/submission.js';
import { submissionRepository, type TCreateSubmissionRecord } from './submission.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_submission_document') });
});

afterAll(async () => {
  await disconnectDatabase();
});

/**
 * A stored document with its generated ids and its form blanked, for comparing two writers (each
 * writes to its own form: the unique email key index would refuse the second).
 */
async function storedWithoutIds(_id: Types.ObjectId | string) {
  const doc = await SubmissionModel.collection.findOne({ _id: new Types.ObjectId(_id.toString()) });
  const outbox = (doc?.outbox as Record<string, unknown>[] | undefined)?.map((entry) => ({
    ...entry,
    _id: undefined,
  }));

  return { ...doc, _id: undefined, formId: undefined, outbox };
}

const cases: [string, Partial<TCreateSubmissionRecord>][] = [
  ['no outbox, no email key', {}],
  [
    'an email key and every outbox kind',
    {
      email: 'a@example.com',
      emailKey: 'a@example.com',
      requestId: 'req-1',
      outbox: [
        { kind: 'email.confirmation' },
        { kind: 'email.developer' },
        { kind: 'webhook', endpointId: new Types.ObjectId().toString() },
      ],
    },
  ],
  [
    'odd data keys and values',
    { data: { constructor: 'x', empty: {}, list: ['a', 'b'], n: null, on: true } },
  ],
];

// The repository inserts through the driver (the submit hot path); what it stores must be exactly
// what the mongoose model would have stored, defaults and version key included, so a new schema
// path with a default fails here until the repository fills it too.
test.each(cases)('a submission is stored as the mongoose model stores it: %s', async (_name, extra) => {
  const input: TCreateSubmissionRecord = {
    userId: new Types.ObjectId().toString(),
    formId: new Types.ObjectId().toString(),
    email: null,
    data: { a: 1, text: 'hello' },
    meta: { browser: 'Chrome', os: 'Linux', device: 'Desktop', country: 'Germany' },
    outbox: [],
    createdAt: new Date('2026-11-27T01:02:03.004Z'),
    ...extra,
  };
  const created = await submissionRepository.create(input);
  const byModel = await SubmissionModel.create({
    ...input,
    formId: new Types.ObjectId(),
    userId: new Types.ObjectId(input.userId),
    outbox: input.outbox.map((entry) => ({
      kind: entry.kind,
      status: 'pending',
      endpointId: entry.endpointId ? new Types.ObjectId(entry.endpointId) : null,
    })),
    hasPendingOutbox: input.outbox.length > 0,
    countersPending: true,
  });

  expect(await storedWithoutIds(created.id)).toEqual(await storedWithoutIds(byModel._id));
  expect(created).toEqual({
    ...(await submissionRepository.findById({ ...input, submissionId: created.id })),
  });
});
