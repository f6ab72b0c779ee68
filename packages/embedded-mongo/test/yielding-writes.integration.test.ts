import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MongoClient } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';
import { fulfilled, servedMeanwhile } from './helpers/served-meanwhile.js';

/**
 * A multi-document update or delete pauses between batches so other connections are served (see
 * servedMeanwhile: a write that held the event loop throughout serves at most one probe). While
 * it pauses, other writes change the same collection: each document is still written at most once
 * (mongod tracks record ids), a document changed meanwhile so that it no longer matches is left
 * alone, and one inserted meanwhile is not touched (the engine's choice: the documents to write
 * are fixed when the write starts; mongod gives no guarantee either way). The engine is durable,
 * and a restart must find exactly what the clients saw: the journal keeps the order of changes.
 */
type Item = { _id: number; tag: string; v: number };
const DB = 'yieldwrites';
const MANY = 30_000;
const INSERTED = 1_000_000;
const dir = mkdtempSync(join(tmpdir(), 'embedded-mongo-yield-writes-'));
let t: TestEngine;
let other: MongoClient;

async function fill(name: string): Promise<void> {
  for (let from = 0; from < MANY; from += 5000)
    await t
      .db(DB)
      .collection<Item>(name)
      .insertMany(Array.from({ length: 5000 }, (_, i) => ({ _id: from + i, tag: 'a', v: 0 })));
}

beforeAll(async () => {
  t = await startTestEngine({ dbPath: dir });
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  await fill('updated');
  await fill('deleted');
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

const all = (client: MongoClient, name: string) =>
  client.db(DB).collection<Item>(name).find({}).sort({ _id: 1 }).toArray();

test('updateMany serves other connections, writes each document once, and survives a restart', async () => {
  const coll = other.db(DB).collection<Item>('updated');
  // Even probes insert a matching document; odd ones change one the update has most likely
  // written already (low ids come first), so that it no longer matches.
  const probe = (i: number) =>
    i % 2 === 0
      ? coll.insertOne({ _id: INSERTED + i, tag: 'a', v: 0 })
      : coll.updateOne({ _id: i }, { $inc: { v: 10 }, $set: { tag: 'b' } });
  const { served, outcome } = await servedMeanwhile(
    () =>
      t
        .db(DB)
        .collection<Item>('updated')
        .updateMany({ tag: 'a' }, { $inc: { v: 1 } }),
    probe,
  );
  const result = fulfilled(outcome);
  expect(served).toBeGreaterThanOrEqual(5);
  const docs = await all(t.client, 'updated');
  const originals = docs.filter((d) => d._id < MANY);
  const inserted = docs.filter((d) => d._id >= INSERTED);
  expect(originals).toHaveLength(MANY);
  // Written once (v 1, or 11 when the probe came after), or left alone after the probe (v 10).
  for (const d of originals)
    expect([d.tag, d.v]).toEqual(d.tag === 'a' ? ['a', 1] : ['b', d.v === 10 ? 10 : 11]);
  expect(inserted.every((d) => d.v === 0)).toBe(true);
  const written = originals.filter((d) => d.v !== 10).length;
  expect([result.matchedCount, result.modifiedCount]).toEqual([written, written]);

  await t.stop();
  t = await startTestEngine({ dbPath: dir });
  expect(await all(t.client, 'updated')).toEqual(docs);
}, 300_000);

test('deleteMany serves other connections and leaves documents inserted meanwhile', async () => {
  await other.close();
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  const coll = other.db(DB).collection<Item>('deleted');
  const { served, outcome } = await servedMeanwhile(
    () => t.db(DB).collection<Item>('deleted').deleteMany({ tag: 'a' }),
    (i) => coll.insertOne({ _id: INSERTED + i, tag: 'a', v: 0 }),
  );
  expect(fulfilled(outcome).deletedCount).toBe(MANY);
  expect(served).toBeGreaterThanOrEqual(5);
  const left = await all(t.client, 'deleted');
  expect(left.map((d) => d._id)).toEqual(Array.from({ length: left.length }, (_, i) => INSERTED + i));
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/ (writes take it too)
test('maxTimeMS 1 stops a long updateMany or deleteMany with 50 MaxTimeMSExpired', async () => {
  const coll = t.db(DB).collection<Item>('updated');
  for (const run of [
    () => coll.updateMany({ tag: { $in: ['a', 'b'] } }, { $inc: { v: 100 } }, { maxTimeMS: 1 }),
    () => coll.deleteMany({ tag: { $in: ['a', 'b'] } }, { maxTimeMS: 1 }),
  ]) {
    const err = await serverError(run);
    expect([err.code, err.codeName]).toEqual([50, 'MaxTimeMSExpired']);
  }
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/method/db.collection.updateMany/#upsert: with
// no match, one document is inserted from the filter's equality fields and the update.
test('updateMany with upsert inserts once when nothing matches, and updates every match otherwise', async () => {
  const coll = t.db(DB).collection<Item & { extra?: number }>('upserted');
  const none = await coll.updateMany({ tag: 'z' }, { $set: { v: 5 } }, { upsert: true });
  expect([none.matchedCount, none.upsertedCount]).toEqual([0, 1]);
  expect(await coll.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ tag: 'z', v: 5 }]);
  await coll.insertMany(Array.from({ length: 3000 }, (_, i) => ({ _id: i, tag: 'z', v: 0 })));
  const all = await coll.updateMany({ tag: 'z' }, { $inc: { extra: 1 } }, { upsert: true });
  expect([all.matchedCount, all.modifiedCount, all.upsertedCount]).toEqual([3001, 3001, 0]);
  expect(await coll.countDocuments({ extra: 1 })).toBe(3001);
}, 300_000);
