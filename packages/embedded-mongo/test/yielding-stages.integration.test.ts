import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Document, MongoClient } from 'mongodb';
import { serverError, type TestEngine } from './helpers/engine.js';
import { fulfilled, pingOrFind, servedMeanwhile } from './helpers/served-meanwhile.js';
import { engineAndProbeClient, insertArrays } from './helpers/yielding-fixtures.js';

/**
 * Every long command pauses between batches of work so other connections are served while it runs:
 * sorts, every kind of `$group`, `$lookup`, `count` and `distinct`, and an unindexed sort in `find`.
 * Proven by order (see servedMeanwhile): an engine that held the event loop for the whole command
 * serves at most one probe meanwhile. Each long command below is one the engine ran in one go
 * before: the documents come from a small collection unwound (20 documents are 40,000 after
 * `$unwind`, and a 20-document input ran in one go), or the work is in the stage itself (sorting
 * 1,000 strings sharing a 20,000-character prefix costs far more than reading them).
 */
const DB = 'yieldstages';
const ARRAY = 2000;
const SMALL = 20;
const MANY = 30_000;
const LONG = 1000;
const PREFIX = 'p'.repeat(20_000);
/** A permutation of 0..LONG-1 (7919 is prime to 1000), the order of the long strings. */
const rank = (i: number) => (i * 7919) % LONG;

let t: TestEngine;
let other: MongoClient;
const probe = pingOrFind(() => other, DB, 'many', MANY);

/** servedMeanwhile for an aggregation of a collection of this test's database. */
const aggregating = <T extends object = Document>(name: string, pipeline: object[]) =>
  servedMeanwhile(() => t.db(DB).collection(name).aggregate<T>(pipeline).toArray(), probe);

beforeAll(async () => {
  ({ t, other } = await engineAndProbeClient());
  const db = t.db(DB);
  await insertArrays(db, 'small', SMALL, ARRAY);
  for (let from = 0; from < MANY; from += 5000) {
    await db
      .collection<{ _id: number; n: number; g: number }>('many')
      .insertMany(
        Array.from({ length: 5000 }, (_, i) => ({ _id: from + i, n: from + i, g: (from + i) % 7 })),
      );
  }
  for (let from = 0; from < LONG; from += 100) {
    await db.collection<{ _id: number; s: string }>('long').insertMany(
      Array.from({ length: 100 }, (_, i) => ({
        _id: from + i,
        s: PREFIX + String(rank(from + i)).padStart(4, '0'),
      })),
    );
  }
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
});

/** The `_id`s of the long strings in ascending order of their strings. */
const longOrder = () => Array.from({ length: LONG }, (_, i) => i).sort((a, b) => rank(a) - rank(b));

test('a find sorted on an unindexed field serves other connections while it sorts', async () => {
  const { served, outcome } = await servedMeanwhile(
    () =>
      t
        .db(DB)
        .collection<{ _id: number; s: string }>('long')
        .find({}, { sort: { s: 1 }, projection: { _id: 1 } })
        .toArray(),
    probe,
  );
  expect(fulfilled(outcome).map((d) => d._id)).toEqual(longOrder());
  expect(served).toBeGreaterThanOrEqual(10);
}, 300_000);

test('an aggregation starting with $sort serves other connections while it sorts', async () => {
  const { served, outcome } = await aggregating('long', [{ $sort: { s: -1 } }, { $project: { _id: 1 } }]);
  expect(fulfilled(outcome).map((d) => d._id as number)).toEqual(longOrder().reverse());
  expect(served).toBeGreaterThanOrEqual(10);
}, 300_000);

test('a $sort later in a pipeline serves other connections', async () => {
  const { served, outcome } = await aggregating('small', [
    { $unwind: '$arr' },
    { $sort: { arr: -1 } },
    { $limit: 3 },
  ]);
  const top = SMALL * ARRAY - 1;
  expect(fulfilled(outcome)).toEqual([
    { _id: SMALL - 1, arr: top },
    { _id: SMALL - 1, arr: top - 1 },
    { _id: SMALL - 1, arr: top - 2 },
  ]);
  expect(served).toBeGreaterThanOrEqual(10);
}, 300_000);

// $push keeps the input order, $addToSet holds each value once (in no set order), $avg is the
// mean of the numbers: https://www.mongodb.com/docs/manual/reference/operator/aggregation/group/
test('a $group with $push, $addToSet and $avg serves other connections', async () => {
  const { served, outcome } = await aggregating<{
    _id: number;
    all: number[];
    digits: number[];
    avg: number;
  }>('small', [
    { $unwind: '$arr' },
    {
      $group: {
        _id: { $mod: ['$arr', 4] },
        all: { $push: '$arr' },
        digits: { $addToSet: { $mod: ['$arr', 10] } },
        avg: { $avg: '$arr' },
      },
    },
    { $sort: { _id: 1 } },
  ]);
  const groups = fulfilled(outcome);
  const count = (SMALL * ARRAY) / 4;
  expect(groups.map((g) => g._id)).toEqual([0, 1, 2, 3]);
  for (const g of groups) {
    expect(g.all).toEqual(Array.from({ length: count }, (_, k) => g._id + 4 * k));
    // Values congruent to g modulo 4 end in the digits of that parity.
    expect([...g.digits].sort((a, b) => a - b)).toEqual(g._id % 2 === 0 ? [0, 2, 4, 6, 8] : [1, 3, 5, 7, 9]);
    expect(g.avg).toBe(g._id + (4 * (count - 1)) / 2);
  }
  expect(served).toBeGreaterThanOrEqual(10);
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucket/: each document under
// the lower boundary of its bucket, buckets in boundary order.
test('a $bucket over many documents serves other connections', async () => {
  const { served, outcome } = await aggregating('small', [
    { $unwind: '$arr' },
    {
      $bucket: {
        groupBy: '$arr',
        boundaries: [0, 10_000, 20_000, SMALL * ARRAY],
        output: { n: { $sum: 1 }, avg: { $avg: '$arr' }, top: { $max: '$arr' } },
      },
    },
  ]);
  expect(fulfilled(outcome)).toEqual([
    { _id: 0, n: 10_000, avg: 4999.5, top: 9999 },
    { _id: 10_000, n: 10_000, avg: 14_999.5, top: 19_999 },
    { _id: 20_000, n: 20_000, avg: 29_999.5, top: 39_999 },
  ]);
  expect(served).toBeGreaterThanOrEqual(10);
}, 300_000);

test('a $lookup over many documents serves other connections', async () => {
  const { served, outcome } = await aggregating('small', [
    { $unwind: '$arr' },
    { $lookup: { from: 'many', localField: 'arr', foreignField: 'n', as: 'joined' } },
    { $match: { 'joined.g': 3 } },
    { $count: 'n' },
  ]);
  // Values 0..39,999 join the document of `many` with n equal to them (n < 30,000), g = n mod 7.
  expect(fulfilled(outcome)).toEqual([
    { n: Array.from({ length: MANY }, (_, n) => n).filter((n) => n % 7 === 3).length },
  ]);
  expect(served).toBeGreaterThanOrEqual(10);
}, 300_000);

test('count and distinct over many documents serve other connections', async () => {
  const counted = await servedMeanwhile(
    () => t.db(DB).command({ count: 'many', query: { n: { $mod: [3, 1] } } }),
    probe,
  );
  expect(fulfilled(counted.outcome).n).toBe(MANY / 3);
  expect(counted.served).toBeGreaterThanOrEqual(5);
  const distinct = await servedMeanwhile(
    () =>
      t
        .db(DB)
        .collection('many')
        .distinct('n', { g: { $lt: 7 } }),
    probe,
  );
  expect(fulfilled(distinct.outcome)).toEqual(Array.from({ length: MANY }, (_, n) => n));
  expect(distinct.served).toBeGreaterThanOrEqual(5);
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/: past the limit, the
// command fails with 50 MaxTimeMSExpired, whichever stage it is in.
test('maxTimeMS 1 stops each long command with 50 MaxTimeMSExpired', async () => {
  const db = t.db(DB);
  const unwound = [{ $unwind: '$arr' }];
  const runs: [string, () => Promise<unknown>][] = [
    [
      'find sort',
      () =>
        db
          .collection('long')
          .find({}, { sort: { s: 1 }, maxTimeMS: 1 })
          .toArray(),
    ],
    [
      '$sort',
      () =>
        db
          .collection('small')
          .aggregate([...unwound, { $sort: { arr: -1 } }], { maxTimeMS: 1 })
          .toArray(),
    ],
    [
      '$group $push',
      () =>
        db
          .collection('small')
          .aggregate([...unwound, { $group: { _id: null, all: { $push: '$arr' } } }], { maxTimeMS: 1 })
          .toArray(),
    ],
    ['count', () => db.command({ count: 'many', query: { n: { $mod: [3, 1] } }, maxTimeMS: 1 })],
    ['distinct', () => db.command({ distinct: 'many', key: 'n', query: { g: { $lt: 7 } }, maxTimeMS: 1 })],
  ];
  for (const [name, run] of runs) {
    const err = await serverError(run);
    expect([name, err.code, err.codeName, err.message]).toEqual([
      name,
      50,
      'MaxTimeMSExpired',
      'operation exceeded time limit',
    ]);
  }
}, 300_000);
