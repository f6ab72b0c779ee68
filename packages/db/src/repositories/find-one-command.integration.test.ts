import { testMongoUri } from '@formwell/vitest-config/services';
import mongoose, { mongo, Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { monitoredUri } from '../../test/monitored-uri.js';
import { connectDatabase, disconnectDatabase } from '../client.js';
import { FormModel } from '../models/form.js';
import { findOneByCommand } from './find-one-command.js';

const sent: Record<string, unknown>[] = [];

beforeAll(async () => {
  await connectDatabase({ uri: monitoredUri(testMongoUri('db_find_one_command')) });
  // The model's indexes are built in the background once it connects: done before the listener
  // starts, so no createIndexes lands among the commands a read is compared by.
  await FormModel.init();
  mongoose.connection.getClient().on('commandStarted', (event) => {
    // The session id differs per call; everything else must be the same command.
    const { lsid: _lsid, ...command } = event.command as Record<string, unknown>;
    sent.push(command);
  });
});

afterAll(async () => {
  await disconnectDatabase();
});

/** What one read sends and answers. */
async function observe<T>(read: () => Promise<T>) {
  sent.length = 0;
  const result = await read();

  return { result, commands: [...sent] };
}

describe('findOneByCommand', () => {
  test('sends the command findOne sends and answers the same document, types included', async () => {
    const _id = new Types.ObjectId();
    const userId = new Types.ObjectId();
    await FormModel.collection.insertOne({
      _id,
      userId,
      name: 'Typed',
      fields: [{ name: 'email', type: 'email', options: [1, 'two', null] }],
      settings: {
        nested: { at: new Date('2026-01-02T03:04:05.678Z'), big: mongo.Long.fromString('9007199254740993') },
      },
      price: mongo.Decimal128.fromString('1.10'),
      small: mongo.Long.fromNumber(7),
      ratio: new mongo.Double(2),
      countedIds: [new Types.ObjectId()],
    });
    const filter = { _id, userId };
    const projection = { countedIds: 0 } as const;

    const viaFindOne = await observe(() => FormModel.collection.findOne(filter, { projection }));
    const viaCommand = await observe(() => findOneByCommand(FormModel, filter, { projection }));

    expect(viaFindOne.result).not.toBeNull();
    expect(viaCommand.result).toEqual(viaFindOne.result);
    expect(viaCommand.result).not.toHaveProperty('countedIds');
    expect(viaCommand.commands).toEqual(viaFindOne.commands);
    expect(viaCommand.commands).toHaveLength(1);
  });

  test('answers null when nothing matches, with the same one command as findOne', async () => {
    const filter = { _id: new Types.ObjectId(), userId: new Types.ObjectId() };

    const viaFindOne = await observe(() => FormModel.collection.findOne(filter));
    const viaCommand = await observe(() => findOneByCommand(FormModel, filter));

    expect(viaCommand.result).toBeNull();
    expect(viaFindOne.result).toBeNull();
    expect(viaCommand.commands).toEqual(viaFindOne.commands);
  });
});
