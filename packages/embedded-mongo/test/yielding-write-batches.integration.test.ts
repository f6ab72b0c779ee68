import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MongoClient, type AnyBulkWriteOperation, type ClientBulkWriteModel } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';
import { fulfilled, pingOrFind, servedMeanwhile } from './helpers/served-meanwhile.js';

/**
 * Write commands carrying many statements (an insertMany, a collection bulkWrite of updateOne or
 * deleteOne models, the 8.0 bulkWrite command of MongoClient.bulkWrite) and bulkWrite's `multi`
 * updates and deletes pause for other connections as they go, as mongod yields during a long
 * write: each statement is short, a batch of 30,000 is not. Proven by order (servedMeanwhile: a
 * command that held the event loop throughout serves at most one probe meanwhile). The engine is
 * durable: what a batch wrote before and after its pauses is all there after a restart.
 */
type Item = { _id: number; v: number };
/** MongoClient.bulkWrite's schema map: every namespace of this test holds Items. */
type Namespaces = Record<string, Item>;
const DB = 'yieldbatches';
const MANY = 30_000;
const dir = mkdtempSync(join(tmpdir(), 'embedded-mongo-yield-batches-'));
let t: TestEngine;
let other: MongoClient;
const probe = pingOrFind(() => other, DB, 'probed', 100);

const items = (from: number, n: number, v = 0): Item[] =>
  Array.from({ length: n }, (_, i) => ({ _id: from + i, v }));

beforeAll(async () => {
  t = await startTestEngine({ dbPath: dir });
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  await t
    .db(DB)
    .collection<{ _id: number; n: number }>('probed')
    .insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: i, n: i })));
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

const coll = (name: string) => t.db(DB).collection<Item>(name);
const ids = async (name: string, filter: object = {}) =>
  (
    await coll(name)
      .find(filter, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray()
  ).map((d) => d._id);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

test('an insertMany of 30,000 documents serves other connections, and keeps every document', async () => {
  const { served, outcome } = await servedMeanwhile(() => coll('inserted').insertMany(items(0, MANY)), probe);
  expect(fulfilled(outcome).insertedCount).toBe(MANY);
  expect(served).toBeGreaterThanOrEqual(5);
  expect(await ids('inserted')).toEqual(range(0, MANY));
}, 300_000);

test('update and delete commands of 30,000 statements serve other connections', async () => {
  await coll('statements').insertMany(items(0, MANY));
  const updates: AnyBulkWriteOperation<Item>[] = range(0, MANY).map((i) => ({
    updateOne: { filter: { _id: i }, update: { $set: { v: i % 3 } } },
  }));
  const updated = await servedMeanwhile(() => coll('statements').bulkWrite(updates), probe);
  expect([fulfilled(updated.outcome).matchedCount, fulfilled(updated.outcome).modifiedCount]).toEqual([
    MANY,
    (MANY * 2) / 3,
  ]);
  expect(updated.served).toBeGreaterThanOrEqual(5);
  // Every third document (v 0) is deleted, one statement each.
  const deletes: AnyBulkWriteOperation<Item>[] = range(0, MANY)
    .filter((i) => i % 3 === 0)
    .map((i) => ({ deleteOne: { filter: { _id: i, v: 0 } } }));
  const deleted = await servedMeanwhile(() => coll('statements').bulkWrite(deletes), probe);
  expect(fulfilled(deleted.outcome).deletedCount).toBe(MANY / 3);
  expect(deleted.served).toBeGreaterThanOrEqual(5);
  expect(await ids('statements')).toEqual(range(0, MANY).filter((i) => i % 3 !== 0));
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/command/bulkWrite/: inserts, then a multi update
// and a multi delete (each over every matching document), in order.
test('MongoClient.bulkWrite of many inserts, a multi update and a multi delete serves other connections', async () => {
  const ns = `${DB}.crossns`;
  const inserts: ClientBulkWriteModel<Namespaces>[] = items(0, MANY).map((document) => ({
    name: 'insertOne',
    namespace: ns,
    document,
  }));
  const inserted = await servedMeanwhile(() => t.client.bulkWrite<Namespaces>(inserts), probe);
  expect(fulfilled(inserted.outcome).insertedCount).toBe(MANY);
  expect(inserted.served).toBeGreaterThanOrEqual(5);
  const multi = await servedMeanwhile(
    () =>
      t.client.bulkWrite<Namespaces>([
        {
          name: 'updateMany',
          namespace: ns,
          filter: { _id: { $gte: MANY / 2 } },
          update: { $set: { v: 1 } },
        },
        { name: 'deleteMany', namespace: ns, filter: { v: 0 } },
      ]),
    probe,
  );
  const result = fulfilled(multi.outcome);
  expect([result.matchedCount, result.modifiedCount, result.deletedCount]).toEqual([
    MANY / 2,
    MANY / 2,
    MANY / 2,
  ]);
  expect(multi.served).toBeGreaterThanOrEqual(5);
  expect(await ids('crossns')).toEqual(range(MANY / 2, MANY / 2));
}, 300_000);

test('what the batches wrote is all there after a restart', async () => {
  await other.close();
  await t.stop();
  t = await startTestEngine({ dbPath: dir });
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  expect(await ids('inserted')).toEqual(range(0, MANY));
  expect(await ids('statements')).toEqual(range(0, MANY).filter((i) => i % 3 !== 0));
  expect(await coll('statements').countDocuments({ v: 1 })).toBe(MANY / 3);
  expect(await ids('crossns', { v: 1 })).toEqual(range(MANY / 2, MANY / 2));
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/ (writes take it too):
// past the limit the whole command fails with 50 MaxTimeMSExpired.
test('maxTimeMS 1 stops a long insert batch and a long bulkWrite with 50 MaxTimeMSExpired', async () => {
  const runs: [string, () => Promise<unknown>][] = [
    ['insert', () => t.db(DB).command({ insert: 'timed', documents: items(0, MANY), maxTimeMS: 1 })],
    [
      'bulkWrite',
      () =>
        t.db('admin').command({
          bulkWrite: 1,
          ops: items(MANY, MANY).map((document) => ({ insert: 0, document })),
          nsInfo: [{ ns: `${DB}.timed` }],
          maxTimeMS: 1,
        }),
    ],
  ];
  for (const [name, run] of runs) {
    const err = await serverError(run);
    expect([name, err.code, err.codeName]).toEqual([name, 50, 'MaxTimeMSExpired']);
  }
  // Stopped part-way: some documents of each were written before the deadline, not all.
  const stored = await coll('timed').countDocuments();
  expect(stored).toBeLessThan(2 * MANY);
}, 300_000);
