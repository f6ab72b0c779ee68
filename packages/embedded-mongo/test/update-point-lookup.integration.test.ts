import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { Double, Long, ObjectId, type Document } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

// A single-document update whose filter is exactly a unique index's fields, each equal to a plain
// value, is answered by one key lookup instead of a planned scan (update-point-lookup.ts). These
// tests pin the answers of that lookup, and of the filters it must leave to the planner (an index
// that does not hold every document, an array in the field, null), to what mongod answers.

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  await t.db('points').dropDatabase();
});

const coll = () => t.db('points').collection<Document>('counters');

test('counter upserts by a unique compound index: the first inserts, the next ones update that document', async () => {
  await coll().createIndex({ formId: 1, day: 1 }, { unique: true });
  const formId = new ObjectId();
  for (let i = 0; i < 3; i++) {
    const res = await coll().updateOne(
      { formId, day: '2026-12-07' },
      { $inc: { 'slots.4': 1 }, $setOnInsert: { owner: 'u' } },
      { upsert: true },
    );
    expect([res.matchedCount, res.upsertedCount]).toEqual(i === 0 ? [0, 1] : [1, 0]);
  }
  await coll().updateOne({ formId, day: '2026-12-08' }, { $inc: { 'slots.4': 1 } }, { upsert: true });

  const docs = await coll()
    .find({}, { projection: { _id: 0 } })
    .sort({ day: 1 })
    .toArray();
  expect(docs).toEqual([
    { formId, day: '2026-12-07', slots: { 4: 3 }, owner: 'u' },
    { formId, day: '2026-12-08', slots: { 4: 1 } },
  ]);
});

test('a number matches whatever numeric type is stored, as an equality does', async () => {
  await coll().createIndex({ n: 1 }, { unique: true });
  await coll().insertMany([{ n: Long.fromNumber(5) }, { n: new Double(6) }]);

  expect((await coll().updateOne({ n: 5 }, { $set: { hit: 1 } })).matchedCount).toBe(1);
  expect((await coll().updateOne({ n: 6 }, { $set: { hit: 2 } })).matchedCount).toBe(1);
  expect((await coll().updateOne({ n: 7 }, { $set: { hit: 3 } })).matchedCount).toBe(0);
  expect(
    await coll()
      .find({ hit: { $exists: true } }, { projection: { _id: 0, hit: 1 } })
      .toArray(),
  ).toEqual([{ hit: 1 }, { hit: 2 }]);
});

test('a partial unique index, which lacks documents outside its filter, is not the one looked in', async () => {
  await coll().createIndex({ key: 1 }, { unique: true, partialFilterExpression: { live: true } });
  await coll().insertOne({ key: 'a' });

  const res = await coll().updateOne({ key: 'a' }, { $inc: { n: 1 } }, { upsert: true });

  expect([res.matchedCount, res.upsertedCount]).toEqual([1, 0]);
  expect(await coll().countDocuments()).toBe(1);
});

test('a field holding an array matches by one of its values', async () => {
  await coll().createIndex({ tag: 1 }, { unique: true });
  await coll().insertOne({ tag: ['x', 'y'] });

  const res = await coll().updateOne({ tag: 'y' }, { $inc: { n: 1 } }, { upsert: true });

  expect([res.matchedCount, res.upsertedCount]).toEqual([1, 0]);
  expect(await coll().countDocuments()).toBe(1);
});

test('null matches a missing field; other fields beside the index are still tested', async () => {
  await coll().createIndex({ key: 1 }, { unique: true });
  await coll().insertOne({ other: 1 });

  expect((await coll().updateOne({ key: null }, { $set: { seen: true } })).matchedCount).toBe(1);
  await coll().insertOne({ key: 'b', owner: 'u' });
  expect((await coll().updateOne({ key: 'b', owner: 'v' }, { $set: { seen: true } })).matchedCount).toBe(0);
  expect((await coll().updateOne({ key: 'b', owner: 'u' }, { $set: { seen: true } })).matchedCount).toBe(1);
});
