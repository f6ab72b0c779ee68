import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MongoClient } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';
import { fulfilled, servedMeanwhile } from './helpers/served-meanwhile.js';
import { engineAndProbeClient } from './helpers/yielding-fixtures.js';

/**
 * The journal must hold changes in the order clients saw them, also when a write pauses for other
 * connections while it still holds changes of its own. Here one update command first changes one
 * document (a single-document statement), then runs an `updateMany` over many others, which pauses
 * while it looks for its candidates. Meanwhile another client changes that first document once,
 * as soon as it sees the first statement's change. Each journal record carries the whole document,
 * so had the first statement's record been journaled after the other client's, a restart would
 * bring back the older document.
 */
type Item = { _id: number; tag: string; s?: number; a?: number; b?: number };
const DB = 'journalorder';
const MANY = 30_000;
const dir = mkdtempSync(join(tmpdir(), 'embedded-mongo-journal-order-'));
let t: TestEngine;
let other: MongoClient;

beforeAll(async () => {
  ({ t, other } = await engineAndProbeClient({ dbPath: dir }));
  const coll = t.db(DB).collection<Item>('items');
  await coll.insertOne({ _id: -1, tag: 'first' });
  for (let from = 0; from < MANY; from += 5000)
    await coll.insertMany(Array.from({ length: 5000 }, (_, i) => ({ _id: from + i, tag: 'many' })));
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

const all = (client: MongoClient) =>
  client.db(DB).collection<Item>('items').find({}).sort({ _id: 1 }).toArray();

test('a write that pauses keeps its earlier changes ahead of other clients writes in the journal', async () => {
  const { served, outcome } = await servedMeanwhile(
    () =>
      t
        .db(DB)
        .collection<Item>('items')
        .bulkWrite(
          [
            { updateOne: { filter: { _id: -1 }, update: { $inc: { s: 1 } } } },
            { updateMany: { filter: { tag: 'many' }, update: { $inc: { a: 1 } } } },
          ],
          { ordered: true },
        ),
    (i) =>
      other
        .db(DB)
        .collection<Item>('items')
        .updateOne({ _id: -1, s: 1, b: { $exists: false } }, { $set: { b: i } }),
  );
  expect(fulfilled(outcome).modifiedCount).toBe(MANY + 1);
  expect(served).toBeGreaterThanOrEqual(5);
  const before = await all(t.client);
  // The first statement's change, then one probe's change on top of it.
  expect([before[0]?._id, before[0]?.s, typeof before[0]?.b]).toEqual([-1, 1, 'number']);

  await t.stop();
  t = await startTestEngine({ dbPath: dir });
  expect(await all(t.client)).toEqual(before);
}, 300_000);
