import { testMongoUri } from '@formwell/vitest-config/services';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

import { monitoredUri } from '../../test/monitored-uri.js';
import { connectDatabase, disconnectDatabase } from '../client.js';
import { FormModel } from '../models/form.js';
import { findOneByCommand } from './find-one-command.js';
import { formRepository } from './form.js';

const uri = monitoredUri(testMongoUri('db_read_session'));
/** The session id (`lsid`) of every command sent, in order. */
const sessionIds: string[] = [];

function watchSessions() {
  mongoose.connection.getClient().on('commandStarted', (event) => {
    const lsid = (event.command as { lsid?: { id: { toString(encoding: string): string } } }).lsid;
    sessionIds.push(lsid ? lsid.id.toString('hex') : 'none');
  });
}

beforeAll(async () => {
  await connectDatabase({ uri });
  watchSessions();
});

afterAll(async () => {
  await disconnectDatabase();
});

describe('reads with pooled sessions', () => {
  test('sequential reads reuse one session instead of making one per command', async () => {
    const client = mongoose.connection.getClient();
    const userId = new Types.ObjectId();
    const _id = new Types.ObjectId();
    await FormModel.collection.insertOne({ _id, userId, name: 'Pooled', createdAt: new Date() });
    await findOneByCommand(FormModel, { _id });
    const started = vi.spyOn(client, 'startSession');
    sessionIds.length = 0;

    for (let read = 0; read < 10; read++) {
      expect(await findOneByCommand(FormModel, { _id })).toMatchObject({ name: 'Pooled' });
      const page = await formRepository.list({ userId: userId.toHexString(), limit: 5 });
      expect(page.items.map((item) => item.id)).toEqual([_id.toHexString()]);
    }

    // The driver's implicit sessions would have made one session per command (20).
    expect(started).not.toHaveBeenCalled();
    started.mockRestore();
    expect(sessionIds).toHaveLength(20);
    expect(new Set(sessionIds).size).toBe(1);
    expect(sessionIds[0]).not.toBe('none');
  });

  test('reads in flight at once each get a session of their own', async () => {
    const _id = new Types.ObjectId();
    await FormModel.collection.insertOne({ _id, userId: new Types.ObjectId(), name: 'Concurrent' });
    sessionIds.length = 0;

    const found = await Promise.all(Array.from({ length: 8 }, () => findOneByCommand(FormModel, { _id })));

    expect(found.every((form) => (form as { name?: string } | null)?.name === 'Concurrent')).toBe(true);
    expect(new Set(sessionIds).size).toBe(8);
  });

  test('reads still work after the client closed (and ended its sessions) and connected again', async () => {
    const _id = new Types.ObjectId();
    await FormModel.collection.insertOne({ _id, userId: new Types.ObjectId(), name: 'Reconnected' });
    await findOneByCommand(FormModel, { _id });

    await disconnectDatabase();
    await connectDatabase({ uri });
    watchSessions();

    expect(await findOneByCommand(FormModel, { _id })).toMatchObject({ name: 'Reconnected' });
  });
});
