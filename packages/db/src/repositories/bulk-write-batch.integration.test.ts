import { testMongoUri } from '@formwell/vitest-config/services';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { monitoredUri } from '../../test/monitored-uri.js';
import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { MonthlyUsageModel } from '../models/monthly-usage.js';
import { SubmissionModel } from '../models/submission.js';
import { namespaceOf } from './bulk-write.js';
import { batchedBulkWrite } from './bulk-write-batch.js';
import type { TBulkWriteModel } from './bulk-write-command.js';

const sent: number[] = [];

beforeAll(async () => {
  await connectDatabase({ uri: monitoredUri(testMongoUri('db_bulk_write_batch')) });
  await ensureIndexes();
  client().on('commandStarted', (event) => {
    if (event.commandName === 'bulkWrite') {
      sent.push((event.command.ops as unknown[]).length);
    }
  });
});

afterAll(async () => {
  await disconnectDatabase();
});

const client = () => mongoose.connection.getClient();

/** A caller's writes: an existing counter bumped, one that does not exist, and an insert. */
async function callerWrites(submissionId = new Types.ObjectId()) {
  const owner = new Types.ObjectId();
  await MonthlyUsageModel.collection.insertOne({ userId: owner, month: '2026-11', used: 0 });
  const models: TBulkWriteModel[] = [
    {
      name: 'updateOne',
      namespace: namespaceOf(MonthlyUsageModel),
      filter: { userId: owner, month: '2026-11' },
      update: { $inc: { used: 1 } },
    },
    {
      name: 'updateOne',
      namespace: namespaceOf(MonthlyUsageModel),
      filter: { userId: owner, month: 'none' },
      update: { $inc: { used: 1 } },
    },
    {
      name: 'insertOne',
      namespace: namespaceOf(SubmissionModel),
      document: { _id: submissionId, userId: owner },
    },
  ];
  const used = async () =>
    (await MonthlyUsageModel.collection.findOne<{ used: number }>({ userId: owner, month: '2026-11' }))?.used;

  return { models, used };
}

describe('batchedBulkWrite', () => {
  test('callers arriving while a command is on its way share the next one, each answered for its own writes', async () => {
    const callers = await Promise.all([callerWrites(), callerWrites(), callerWrites()]);
    sent.length = 0;

    const results = await Promise.all(callers.map(({ models }) => batchedBulkWrite(client(), models)));

    expect(sent).toEqual([3, 6]);
    for (const result of results) {
      expect(Object.fromEntries(result?.updateResults ?? [])).toEqual({
        0: { matchedCount: 1 },
        1: { matchedCount: 0 },
      });
    }
    for (const { used } of callers) {
      expect(await used()).toBe(1);
    }
  });

  test('a failed write fails its own caller at its own index; the others are answered with no updates', async () => {
    const taken = new Types.ObjectId();
    await SubmissionModel.collection.insertOne({ _id: taken });
    const [first, second, failing, after] = await Promise.all([
      callerWrites(),
      callerWrites(),
      callerWrites(taken),
      callerWrites(),
    ]);
    sent.length = 0;

    const outcomes = await Promise.allSettled(
      [first, second, failing, after].map(({ models }) => batchedBulkWrite(client(), models)),
    );

    expect(sent).toEqual([3, 9]);
    // The first went alone, before the others arrived.
    expect(outcomes[0]).toEqual({
      status: 'fulfilled',
      value: {
        updateResults: new Map([
          [0, { matchedCount: 1 }],
          [1, { matchedCount: 0 }],
        ]),
      },
    });
    expect(outcomes[1]).toEqual({ status: 'fulfilled', value: { updateResults: new Map() } });
    expect(outcomes[3]).toEqual({ status: 'fulfilled', value: { updateResults: new Map() } });
    const error = (outcomes[2] as PromiseRejectedResult).reason as mongoose.mongo.MongoClientBulkWriteError;
    expect(error).toBeInstanceOf(mongoose.mongo.MongoClientBulkWriteError);
    expect([...error.writeErrors.keys()]).toEqual([2]);
    expect(error.writeErrors.get(2)?.code).toBe(11000);
    // Ordered: the writes before the failure ran, those after it did not.
    expect([await second?.used(), await failing?.used(), await after?.used()]).toEqual([1, 1, 0]);
  });
});
