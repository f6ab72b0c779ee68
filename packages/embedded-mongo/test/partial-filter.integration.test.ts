import { afterAll, beforeAll, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * A partial index's filter may use only what mongod's manual lists for partial indexes (equality,
 * `$exists: true`, `$gt`/`$gte`/`$lt`/`$lte`, `$type`, `$in`, `$and`, `$or`:
 * https://www.mongodb.com/docs/manual/core/index-partial/); anything else is refused with 67
 * CannotCreateIndex, as mongod does. An accepted `$expr` filter went stale when the fields it read
 * changed, so a unique partial index stopped enforcing uniqueness.
 */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(() => t.stop());

test('partial filters with operators mongod refuses are refused with 67 CannotCreateIndex', async () => {
  const coll = t.db('partial').collection('refused');
  for (const filter of [
    { $expr: { $gt: ['$score', 5] } },
    { score: { $ne: 1 } },
    { score: { $exists: false } },
    { tag: /abc/ },
    { $nor: [{ score: 1 }] },
    { $or: [{ score: { $not: { $gt: 1 } } }] },
  ]) {
    const err = await serverError(() => coll.createIndex({ tag: 1 }, { partialFilterExpression: filter }));
    expect([err.code, err.codeName], JSON.stringify(filter)).toEqual([67, 'CannotCreateIndex']);
  }
  // Refused before anything is made: not even the collection.
  expect(await t.db('partial').listCollections({ name: 'refused' }).toArray()).toHaveLength(0);
});

test('partial filters mongod accepts build, and the index follows the fields its filter reads', async () => {
  const coll = t.db('partial').collection<{ _id: number; tag: string; score: number }>('accepted');
  await coll.insertMany([
    { _id: 1, tag: 't', score: 1 },
    { _id: 2, tag: 't', score: 1 },
  ]);
  await coll.createIndex(
    { tag: 1 },
    {
      unique: true,
      partialFilterExpression: { $and: [{ score: { $gt: 5 } }, { tag: { $type: 'string' } }] },
    },
  );
  for (const filter of [{ score: { $in: [1, 2] } }, { $or: [{ score: 1 }, { tag: { $exists: true } }] }])
    await coll.createIndex(
      { score: 1, tag: 1 },
      { name: JSON.stringify(filter), partialFilterExpression: filter },
    );
  await coll.updateOne({ _id: 1 }, { $inc: { score: 10 } });
  const err = await serverError(() => coll.updateOne({ _id: 2 }, { $inc: { score: 10 } }));
  expect(err.code).toBe(11000);
});
