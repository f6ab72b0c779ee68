import { testMongoUri } from '@formwell/vitest-config/services';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { monitoredUri } from '../../test/monitored-uri.js';
import { connectDatabase, disconnectDatabase } from '../client.js';
import { FormModel } from '../models/form.js';
import { findManyByCommand } from './find-many-command.js';

const sent: Record<string, unknown>[] = [];

beforeAll(async () => {
  await connectDatabase({ uri: monitoredUri(testMongoUri('db_find_many_command')) });
  // The model's indexes are built in the background once it connects: done before the listener
  // starts, so no createIndexes lands among the commands a read is compared by.
  await FormModel.init();
  mongoose.connection.getClient().on('commandStarted', (event) => {
    // The session id differs per call, and the driver sends the sort as a Map; everything else
    // must be the same command.
    const { lsid: _lsid, sort, ...command } = event.command as Record<string, unknown>;
    sent.push({
      ...command,
      ...(sort ? { sort: sort instanceof Map ? Object.fromEntries(sort) : sort } : {}),
    });
  });
});

afterAll(async () => {
  await disconnectDatabase();
});

/** What one read sends and answers. */
async function observe<T>(read: () => Promise<T>) {
  sent.length = 0;
  const result = await read();

  return { result, commands: sent.map((command) => ({ ...command })) };
}

/** `count` forms of one owner, a second apart, with an owner of other forms beside them. */
async function seedForms(count: number) {
  const userId = new Types.ObjectId();
  const start = Date.parse('2026-03-01T00:00:00.000Z');
  const forms = Array.from({ length: count }, (_, i) => ({
    _id: new Types.ObjectId(),
    userId,
    name: `Form ${i}`,
    description: i % 2 === 0 ? `about ${i}` : undefined,
    formType: 'contact',
    submissionCount: i,
    fields: [{ name: 'email', type: 'email' }],
    createdAt: new Date(start + 1000 * i),
    updatedAt: new Date(start + 2000 * i),
  }));
  await FormModel.collection.insertMany(forms);
  await FormModel.collection.insertOne({
    _id: new Types.ObjectId(),
    userId: new Types.ObjectId(),
    name: 'Other',
  });

  return { userId };
}

// An inclusion projection that leaves `fields` out, as the forms list's does.
const PROJECTION = { name: 1, description: 1, submissionCount: 1, createdAt: 1 } as const;
const SORT = { createdAt: -1, _id: -1 } as const;

describe('findManyByCommand', () => {
  test("sends the driver's find command and answers the same documents, in order", async () => {
    const { userId } = await seedForms(12);
    const filter = { userId };
    const options = { projection: PROJECTION, sort: SORT, limit: 11 };

    const viaCursor = await observe(() => FormModel.collection.find(filter, options).toArray());
    const viaCommand = await observe(() => findManyByCommand(FormModel, filter, options));

    expect(viaCursor.result).toHaveLength(11);
    expect(viaCommand.result).toEqual(viaCursor.result);
    expect(viaCommand.result[0]).not.toHaveProperty('fields');
    expect(viaCommand.commands).toEqual(viaCursor.commands);
    expect(viaCommand.commands).toHaveLength(1);
  });

  test('answers nothing for a filter that matches nothing, with the same one command', async () => {
    const filter = { userId: new Types.ObjectId() };
    const options = { projection: PROJECTION, sort: SORT, limit: 5 };

    const viaCursor = await observe(() => FormModel.collection.find(filter, options).toArray());
    const viaCommand = await observe(() => findManyByCommand(FormModel, filter, options));

    expect(viaCommand.result).toEqual([]);
    expect(viaCursor.result).toEqual([]);
    expect(viaCommand.commands).toEqual(viaCursor.commands);
  });

  test("reads on with getMore when a limit goes past the server's first batch, as the cursor does", async () => {
    // 101 documents is the first batch's default size when the command names none.
    const { userId } = await seedForms(130);
    const filter = { userId };
    const options = { projection: PROJECTION, sort: SORT, limit: 125 };

    const viaCursor = await observe(() => FormModel.collection.find(filter, options).toArray());
    const viaCommand = await observe(() => findManyByCommand(FormModel, filter, options));

    expect(viaCursor.result).toHaveLength(125);
    expect(viaCommand.result).toEqual(viaCursor.result);
    expect(viaCommand.commands.map((command) => Object.keys(command)[0])).toEqual(
      viaCursor.commands.map((command) => Object.keys(command)[0]),
    );
    expect(viaCommand.commands.map((command) => Object.keys(command)[0])).toContain('getMore');
  });
});

describe('findManyByCommand under concurrent reads', () => {
  test('continues each cursor in the session that opened it, whatever other reads run meanwhile', async () => {
    // A server refuses a getMore from another session than its cursor's (mongod's 50738). Plain
    // commands each take a session from the driver's pool, so reads running side by side would
    // hand each other's sessions to their getMores.
    const { userId } = await seedForms(130);
    const filter = { userId };
    const options = { projection: PROJECTION, sort: SORT, limit: 125 };
    const expected = await FormModel.collection.find(filter, options).toArray();

    const results = await Promise.all(
      Array.from({ length: 8 }, () => findManyByCommand(FormModel, filter, options)),
    );

    for (const result of results) {
      expect(result).toEqual(expected);
    }
  });
});
