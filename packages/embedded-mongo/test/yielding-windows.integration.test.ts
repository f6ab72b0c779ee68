import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Document, MongoClient } from 'mongodb';
import { serverError, type TestEngine } from './helpers/engine.js';
import { fulfilled, pingOrFind, servedMeanwhile } from './helpers/served-meanwhile.js';
import { engineAndProbeClient, insertArrays } from './helpers/yielding-fixtures.js';

/**
 * `$setWindowFields`, `$bucketAuto`, `$facet` and `$sortByCount` over many documents pause between
 * steps of work, so other connections are served while they run (the same proof by order as
 * yielding-stages.integration.test.ts: an engine holding the event loop for the whole command
 * serves at most one probe meanwhile). 20 documents of 2,000 values are 40,000 once unwound.
 * Expected results follow from the manual's definitions of each stage
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/setWindowFields/,
 * .../bucketAuto/, .../facet/, .../sortByCount/).
 */
const DB = 'yieldwindows';
const ARRAY = 2000;
const SMALL = 20;
const ALL = SMALL * ARRAY;
const MID = 3000;

let t: TestEngine;
let other: MongoClient;
const probe = pingOrFind(
  () => other,
  DB,
  'mid',
  MID,
  (id) => ({ v: id % 10 }),
);

const aggregating = (name: string, pipeline: object[]) =>
  servedMeanwhile(() => t.db(DB).collection(name).aggregate(pipeline).toArray(), probe);
const unwound = { $unwind: '$arr' };

/**
 * Probes served while `pipeline` runs, beyond those served while `baseline` runs: the same
 * documents read, handed on and answered, with the stage under test replaced by one that runs in
 * one go (reading and handing on pause too, and an engine running the stage in one go serves no
 * more than the baseline does).
 */
async function servedBeyond(name: string, baseline: object[], pipeline: object[]) {
  const base = await aggregating(name, baseline);
  fulfilled(base.outcome);
  const run = await aggregating(name, pipeline);
  return { extra: run.served - base.served, outcome: run.outcome };
}
/** servedBeyond for a stage answering a few documents: the baseline keeps one. */
const servedByStage = (name: string, before: object[], stage: object) =>
  servedBeyond(name, [...before, { $limit: 1 }], [...before, stage]);

beforeAll(async () => {
  ({ t, other } = await engineAndProbeClient());
  const db = t.db(DB);
  await insertArrays(db, 'small', SMALL, ARRAY);
  await db
    .collection<{ _id: number; v: number }>('mid')
    .insertMany(Array.from({ length: MID }, (_, i) => ({ _id: i, v: i % 10 })));
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
});

test('a $setWindowFields over many documents serves other connections', async () => {
  // The first documents only: 40,000 sent back would let probes in between the batches.
  const window = {
    $setWindowFields: {
      partitionBy: { $mod: ['$arr', 4] },
      sortBy: { arr: 1 },
      output: {
        n: { $documentNumber: {} },
        previous: { $shift: { output: '$arr', by: -1, default: -1 } },
        pair: { $sum: '$arr', window: { documents: [-1, 0] } },
      },
    },
  };
  const first = { $limit: 3 };
  const { extra, outcome } = await servedBeyond(
    'small',
    [unwound, { $skip: 0 }, first],
    [unwound, window, first],
  );
  // [arr, n, previous, pair]: partitions come in partitionBy order, each sorted by value, residue 0 first.
  expect(fulfilled(outcome).map((d): unknown[] => [d.arr, d.n, d.previous, d.pair])).toEqual([
    [0, 1, -1, 0],
    [4, 2, 0, 4],
    [8, 3, 4, 12],
  ]);
  expect(extra).toBeGreaterThanOrEqual(10);
}, 300_000);

// mingo recomputed each running window from its first document: 3,000 documents held every
// connection for seconds.
test('a running $sum over 3,000 documents serves other connections', async () => {
  const { extra, outcome } = await servedByStage('mid', [], {
    $setWindowFields: {
      sortBy: { _id: 1 },
      output: { running: { $sum: '$v', window: { documents: ['unbounded', 'current'] } } },
    },
  });
  let total = 0;
  expect(fulfilled(outcome).map((d): unknown => d.running)).toEqual(
    Array.from({ length: MID }, (_, i) => (total += i % 10)),
  );
  // Fewer documents than elsewhere (mingo needed seconds for these): about 20 pauses, 2 probes in one go.
  expect(extra).toBeGreaterThanOrEqual(8);
}, 300_000);

// Buckets of about ALL / 4 documents; each max is the next bucket's min, the last one's the
// greatest value.
test('a $bucketAuto over many documents serves other connections', async () => {
  const { extra, outcome } = await servedByStage('small', [unwound], {
    $bucketAuto: { groupBy: '$arr', buckets: 4 },
  });
  expect(fulfilled(outcome)).toEqual([
    { _id: { min: 0, max: 10_000 }, count: 10_000 },
    { _id: { min: 10_000, max: 20_000 }, count: 10_000 },
    { _id: { min: 20_000, max: 30_000 }, count: 10_000 },
    { _id: { min: 30_000, max: ALL - 1 }, count: 10_000 },
  ]);
  expect(extra).toBeGreaterThanOrEqual(10);
}, 300_000);

test('a $facet over many documents serves other connections', async () => {
  const { extra, outcome } = await servedByStage('small', [unwound], {
    $facet: {
      parity: [{ $group: { _id: { $mod: ['$arr', 2] }, n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
      top: [{ $sort: { arr: -1 } }, { $limit: 2 }, { $project: { _id: 0, arr: 1 } }],
    },
  });
  expect(fulfilled(outcome)).toEqual([
    {
      parity: [
        { _id: 0, n: ALL / 2 },
        { _id: 1, n: ALL / 2 },
      ],
      top: [{ arr: ALL - 1 }, { arr: ALL - 2 }],
    },
  ]);
  expect(extra).toBeGreaterThanOrEqual(10);
}, 300_000);

test('a $sortByCount over many documents serves other connections', async () => {
  const { extra, outcome } = await servedByStage('small', [unwound], { $sortByCount: { $mod: ['$arr', 7] } });
  const counts = fulfilled(outcome);
  // 0..39,999: residues 0 and 1 occur 5,715 times, the others 5,714; by descending count.
  expect(counts.map((c): unknown => c.count)).toEqual([5715, 5715, 5714, 5714, 5714, 5714, 5714]);
  expect(counts.map((c) => c._id as number).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(
    counts
      .slice(0, 2)
      .map((c) => c._id as number)
      .sort(),
  ).toEqual([0, 1]);
  expect(extra).toBeGreaterThanOrEqual(10);
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/: past the limit, the
// command fails with 50 MaxTimeMSExpired.
test('maxTimeMS 1 stops each of these stages with 50 MaxTimeMSExpired', async () => {
  const stages: Document[] = [
    {
      $setWindowFields: {
        sortBy: { arr: 1 },
        output: { s: { $sum: '$arr', window: { documents: [-3, 3] } } },
      },
    },
    { $bucketAuto: { groupBy: '$arr', buckets: 3 } },
    { $facet: { all: [{ $sort: { arr: 1 } }] } },
    { $sortByCount: '$arr' },
  ];
  for (const stage of stages) {
    const err = await serverError(() =>
      t.db(DB).collection('small').aggregate([unwound, stage], { maxTimeMS: 1 }).toArray(),
    );
    expect([Object.keys(stage)[0], err.code, err.codeName]).toEqual([
      Object.keys(stage)[0],
      50,
      'MaxTimeMSExpired',
    ]);
  }
}, 300_000);
