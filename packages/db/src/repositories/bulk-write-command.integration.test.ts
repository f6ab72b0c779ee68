import { testMongoUri } from '@formwell/vitest-config/services';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { monitoredUri } from '../../test/monitored-uri.js';
import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { MonthlyUsageModel } from '../models/monthly-usage.js';
import { SubmissionModel, UNIQUE_EMAIL_INDEX } from '../models/submission.js';
import { bulkWriteIfSupported, namespaceOf, writeErrorAt } from './bulk-write.js';
import { bulkWriteByCommand, type TBulkWriteModel } from './bulk-write-command.js';
import { isDuplicateKeyOn } from './is-duplicate-key-error.js';

beforeAll(async () => {
  await connectDatabase({ uri: monitoredUri(testMongoUri('db_bulk_write_command')) });
  await ensureIndexes();
  client().on('commandStarted', (event) => {
    // The session id differs per call; everything else must be the same command.
    const { lsid: _lsid, ...command } = event.command as Record<string, unknown>;
    sent.push(command);
  });
});

const sent: Record<string, unknown>[] = [];

afterAll(async () => {
  await disconnectDatabase();
});

const client = () => mongoose.connection.getClient();

/** What one way of writing answers: matched counts per update, or the write errors it threw. */
async function outcome(
  write: () => Promise<{ updateResults?: ReadonlyMap<number, { matchedCount: number }> }>,
) {
  try {
    const { updateResults } = await write();

    return {
      matched: Object.fromEntries(
        [...(updateResults ?? new Map<number, { matchedCount: number }>())].map(([i, r]) => [
          i,
          r.matchedCount,
        ]),
      ),
    };
  } catch (error) {
    if (!(error instanceof mongoose.mongo.MongoClientBulkWriteError)) {
      throw error;
    }
    const errors = [...error.writeErrors].map(([index, { code, message }]) => ({
      index,
      code,
      uniqueEmail: isDuplicateKeyOn({ code, message }, UNIQUE_EMAIL_INDEX),
    }));

    return { errors, concern: error.writeConcernErrors.length };
  }
}

/** A submission insert (with a uniqueEmail key) between two updates, for a fresh owner. */
function submitLikeWrites(
  owner: Types.ObjectId,
  formId: Types.ObjectId,
  emailKey: string,
): TBulkWriteModel[] {
  return [
    {
      name: 'updateOne',
      namespace: namespaceOf(MonthlyUsageModel),
      filter: { userId: owner, month: '2026-11', used: { $lt: 5 } },
      update: { $inc: { used: 1 } },
      upsert: true,
    },
    {
      name: 'insertOne',
      namespace: namespaceOf(SubmissionModel),
      document: { _id: new Types.ObjectId(), userId: owner, formId, emailKey, data: { a: 1 } },
    },
    {
      name: 'updateOne',
      namespace: namespaceOf(MonthlyUsageModel),
      filter: { userId: owner, month: 'never' },
      update: { $inc: { used: 1 } },
    },
  ];
}

describe('bulkWriteByCommand answers as the driver`s client bulkWrite', () => {
  for (const ordered of [true, false]) {
    test(`ordered ${String(ordered)}: matched counts, then a uniqueEmail clash at its index`, async () => {
      const viaDriver = { owner: new Types.ObjectId(), form: new Types.ObjectId() };
      const viaCommand = { owner: new Types.ObjectId(), form: new Types.ObjectId() };
      const driverWrite = (models: TBulkWriteModel[]) =>
        client().bulkWrite(models, { ordered, verboseResults: true });
      const commandWrite = (models: TBulkWriteModel[]) => bulkWriteByCommand(client(), models, { ordered });

      const firsts = [
        await outcome(() => driverWrite(submitLikeWrites(viaDriver.owner, viaDriver.form, 'a@x.org'))),
        await outcome(() => commandWrite(submitLikeWrites(viaCommand.owner, viaCommand.form, 'a@x.org'))),
      ];
      const clashes = [
        await outcome(() => driverWrite(submitLikeWrites(viaDriver.owner, viaDriver.form, 'a@x.org'))),
        await outcome(() => commandWrite(submitLikeWrites(viaCommand.owner, viaCommand.form, 'a@x.org'))),
      ];

      // An upsert that inserted counts as matched (mongod's `n`), as the driver reports it.
      expect(firsts[0]).toEqual({ matched: { 0: 1, 2: 0 } });
      expect(firsts[1]).toEqual(firsts[0]);
      expect(clashes[0]).toEqual({ errors: [{ index: 1, code: 11000, uniqueEmail: true }], concern: 0 });
      expect(clashes[1]).toEqual(clashes[0]);
      const used = (owner: Types.ObjectId) =>
        MonthlyUsageModel.collection.findOne({ userId: owner }).then((doc) => doc?.used as number);
      expect(await used(viaCommand.owner)).toBe(await used(viaDriver.owner));
    });

    test(`ordered ${String(ordered)}: sends the very command the driver sends`, async () => {
      const owner = new Types.ObjectId();
      const models = submitLikeWrites(owner, new Types.ObjectId(), 'c@x.org');
      sent.length = 0;
      await client().bulkWrite(models, { ordered, verboseResults: true });
      const fromDriver = sent.splice(0);
      await MonthlyUsageModel.collection.deleteMany({ userId: owner });
      await SubmissionModel.collection.deleteMany({ userId: owner });
      sent.length = 0;
      await bulkWriteByCommand(client(), models, { ordered });

      expect(fromDriver).toHaveLength(1);
      expect(sent).toEqual(fromDriver);
    });
  }

  test('errors only: no item per write, the applied updates counted, a clash still at its index', async () => {
    const owner = new Types.ObjectId();
    const form = new Types.ObjectId();
    const errorsOnly = (models: TBulkWriteModel[]) =>
      bulkWriteByCommand(client(), models, { ordered: true, errorsOnly: true });
    // Updates: the month's first unit (upserted) and one that matches nothing.
    const written = await errorsOnly(submitLikeWrites(owner, form, 'e@x.org'));

    expect(written.updateResults.size).toBe(0);
    expect(written.updatesApplied).toBe(1);
    expect(await outcome(() => errorsOnly(submitLikeWrites(owner, form, 'e@x.org')))).toEqual({
      errors: [{ index: 1, code: 11000, uniqueEmail: true }],
      concern: 0,
    });
  });

  test('bulkWriteIfSupported: a write error is found at its index', async () => {
    const owner = new Types.ObjectId();
    const form = new Types.ObjectId();
    await bulkWriteIfSupported(client(), submitLikeWrites(owner, form, 'b@x.org'), { ordered: true });
    const error = await bulkWriteIfSupported(client(), submitLikeWrites(owner, form, 'b@x.org'), {
      ordered: true,
    }).catch((caught: unknown) => caught);

    expect(isDuplicateKeyOn(writeErrorAt(error, 1), UNIQUE_EMAIL_INDEX)).toBe(true);
    expect(writeErrorAt(error, 0)).toBeUndefined();
  });

  test('bulkWriteIfSupported: a write concern set in the connection string goes with the write', async () => {
    const url = new URL(monitoredUri(testMongoUri('db_bulk_write_command')));
    url.searchParams.set('w', '1');
    url.searchParams.set('journal', 'true');
    const concerned = new mongoose.mongo.MongoClient(url.toString());
    const commands: Record<string, unknown>[] = [];
    concerned.on('commandStarted', (event) => commands.push(event.command as Record<string, unknown>));
    try {
      await concerned.connect();
      await bulkWriteIfSupported(
        concerned,
        submitLikeWrites(new Types.ObjectId(), new Types.ObjectId(), 'd@x.org'),
        { ordered: true },
      );
    } finally {
      await concerned.close();
    }

    const bulkWrites = commands.filter((command) => 'bulkWrite' in command);
    expect(bulkWrites.map((command) => command.writeConcern)).toEqual([{ w: 1, j: true }]);
  });
});
