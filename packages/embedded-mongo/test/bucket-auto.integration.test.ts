import { afterAll, beforeAll, expect, test } from 'vitest';
import { Long, type Document } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * `$bucketAuto` as the manual defines it
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucketAuto/): documents
 * ordered by `groupBy` (BSON order: a missing or null value first, numbers of every type by
 * value), cut into about equal buckets without splitting equal values; `_id.max` is the next
 * bucket's `min`, the greatest value for the last; `count` when no `output` is given. Few
 * documents run in one go, many (over 1,000) through the pausing form: both answer the same way.
 */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

const VALUES: (number | Long | undefined)[] = [undefined, 1, 2, 2, 2, 3, 4, 5, 6, Long.fromNumber(7)];

async function buckets(name: string, copies: number, stage: Document) {
  const coll = t.db('bucketauto').collection(name);
  const docs: Document[] = [];
  for (let c = 0; c < copies; c++)
    VALUES.forEach((v, i) => docs.push(v === undefined ? { k: i } : { k: i, v }));
  await coll.insertMany(docs);
  return coll.aggregate([{ $bucketAuto: stage }]).toArray();
}

test('a few documents: equal values kept together, null first, a long in order', async () => {
  // 10 documents in 3 buckets of about 3: null, 1, 2 and the other two 2s; 3, 4, 5; the rest.
  const few = await buckets('few', 1, { groupBy: '$v', buckets: 3 });
  expect(few).toEqual([
    { _id: { min: null, max: 3 }, count: 5 },
    { _id: { min: 3, max: 6 }, count: 3 },
    { _id: { min: 6, max: 7 }, count: 2 },
  ]);
  expect(Object.keys(few[0] ?? {})).toEqual(['_id', 'count']);
});

test('many documents through the pausing form, with an output accumulator', async () => {
  // 2,000 documents in buckets of about 667: null, 1 and every 2 (1,000); 3 to 6 (800); 7.
  const out = await buckets('many', 200, {
    groupBy: '$v',
    buckets: 3,
    output: { count: { $sum: 1 }, top: { $max: '$k' } },
  });
  expect(out).toEqual([
    { _id: { min: null, max: 3 }, count: 1000, top: 4 },
    { _id: { min: 3, max: 7 }, count: 800, top: 8 },
    { _id: { min: 7, max: 7 }, count: 200, top: 9 },
  ]);
  expect(Object.keys(out[0] ?? {})).toEqual(['_id', 'count', 'top']);
});
