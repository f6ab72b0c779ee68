import { afterAll, beforeAll, expect, test } from 'vitest';
import { MongoClient } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';
import { fulfilled, pingOrFind, servedMeanwhile } from './helpers/served-meanwhile.js';

/**
 * Stages that read another collection pause for other connections while they read it: the
 * foreign collection of a `$lookup` (read once per command, before the stages run) and a
 * `$unionWith`'s collection and pipeline. The input here is a few documents, so the work is all
 * in the foreign collection. Proven by order (servedMeanwhile: a command that held the event loop
 * throughout serves at most one probe meanwhile).
 */
type Item = { _id: number; n: number; g: number };
const DB = 'yieldforeign';
const MANY = 30_000;
let t: TestEngine;
let other: MongoClient;
const probe = pingOrFind(() => other, DB, 'small', 5);

beforeAll(async () => {
  t = await startTestEngine();
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  const db = t.db(DB);
  await db
    .collection<Item>('small')
    .insertMany(Array.from({ length: 5 }, (_, i) => ({ _id: i, n: i, g: i })));
  for (let from = 0; from < MANY; from += 5000)
    await db.collection<Item>('many').insertMany(
      Array.from({ length: 5000 }, (_, i) => ({
        _id: from + i,
        n: from + i,
        g: (from + i) % 5,
        next: from + i + 1,
      })),
    );
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
});

const aggregating = <T extends object>(pipeline: object[]) =>
  servedMeanwhile(() => t.db(DB).collection('small').aggregate<T>(pipeline).toArray(), probe);

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/: each input document
// gets the foreign documents whose foreignField equals its localField.
test('a $lookup over a few documents serves other connections while it reads its foreign collection', async () => {
  const { served, outcome } = await aggregating<{ _id: number; joined: number }>([
    { $lookup: { from: 'many', localField: 'g', foreignField: 'g', as: 'joined' } },
    { $project: { joined: { $size: '$joined' } } },
  ]);
  expect(fulfilled(outcome)).toEqual(Array.from({ length: 5 }, (_, i) => ({ _id: i, joined: MANY / 5 })));
  expect(served).toBeGreaterThanOrEqual(5);
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/unionWith/: the input
// documents, then those of the collection through its pipeline.
test('a $unionWith of a large collection serves other connections', async () => {
  const { served, outcome } = await aggregating<{ _id: number; n: number }>([
    { $project: { _id: 1, n: 1 } },
    {
      $unionWith: {
        coll: 'many',
        pipeline: [
          { $match: { n: { $mod: [1000, 7] } } },
          { $project: { _id: 1, n: { $multiply: ['$n', 2] } } },
        ],
      },
    },
  ]);
  const unioned = Array.from({ length: MANY / 1000 }, (_, k) => 1000 * k + 7).map((n) => ({
    _id: n,
    n: 2 * n,
  }));
  expect(fulfilled(outcome)).toEqual([
    ...Array.from({ length: 5 }, (_, i) => ({ _id: i, n: i })),
    ...unioned,
  ]);
  expect(served).toBeGreaterThanOrEqual(5);
}, 300_000);

/** Each document below the root of tree1000 (parent links), with its depth below the start. */
const TREE_SEARCH = {
  $graphLookup: {
    from: 'tree1000',
    startWith: '$root',
    connectFromField: '_id',
    connectToField: 'parent',
    as: 'below',
    depthField: 'd',
  },
};

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/graphLookup/: from startWith,
// the documents whose connectToField equals the values, then recursively their connectFromField
// values, each found document once with the depth it was reached at (0 for the first round). A
// tree of 1,000 documents (document i > 0 is a child of (i - 1) / 10 rounded down) searched from
// its root for each of 20 input documents: the work is in the stage (20 × 999 documents found);
// the foreign collection is small enough to be read in one turn.
test('a $graphLookup finding many documents serves other connections', async () => {
  const db = t.db(DB);
  await db
    .collection<{ _id: number; parent: number }>('tree1000')
    .insertMany(
      Array.from({ length: 1000 }, (_, i) => ({ _id: i, parent: i === 0 ? -1 : Math.floor((i - 1) / 10) })),
    );
  await db
    .collection<{ _id: number; root: number }>('roots')
    .insertMany(Array.from({ length: 20 }, (_, k) => ({ _id: k, root: 0 })));
  const { served, outcome } = await servedMeanwhile(
    () =>
      db
        .collection('roots')
        .aggregate<{ _id: number; depths: number[] }>([TREE_SEARCH, { $project: { depths: '$below.d' } }])
        .toArray(),
    probe,
  );
  // Depth 0: ids 1..10; depth 1: 11..110; depth 2: 111..999.
  const level = (d: number, n: number) => Array.from({ length: n }, () => d);
  const expected = [...level(0, 10), ...level(1, 100), ...level(2, 889)];
  for (const doc of fulfilled(outcome)) expect([...doc.depths].sort((a, b) => a - b)).toEqual(expected);
  expect(fulfilled(outcome)).toHaveLength(20);
  expect(served).toBeGreaterThanOrEqual(5);
}, 300_000);

test('$graphLookup follows arrays, skips documents the restriction refuses, and visits each once', async () => {
  const db = t.db(DB);
  // root -> a, b; a -> c; b -> c, root (a cycle); c has no link; d is refused (hidden).
  await db
    .collection<{ _id: string; kids?: string | string[]; hidden?: boolean }>('tree')
    .insertMany([
      { _id: 'root', kids: ['a', 'b'] },
      { _id: 'a', kids: 'c' },
      { _id: 'b', kids: ['c', 'root', 'd'] },
      { _id: 'c' },
      { _id: 'd', kids: ['e'], hidden: true },
      { _id: 'e' },
    ]);
  const [found] = await db
    .collection('tree')
    .aggregate<{ reach: { _id: string; depth: number }[] }>([
      { $match: { _id: 'root' } },
      {
        $graphLookup: {
          from: 'tree',
          startWith: '$kids',
          connectFromField: 'kids',
          connectToField: '_id',
          as: 'reach',
          depthField: 'depth',
          restrictSearchWithMatch: { hidden: { $ne: true } },
        },
      },
      { $project: { _id: 0, 'reach._id': 1, 'reach.depth': 1 } },
    ])
    .toArray();
  expect([...(found?.reach ?? [])].sort((x, y) => x._id.localeCompare(y._id))).toEqual([
    { _id: 'a', depth: 0 },
    { _id: 'b', depth: 0 },
    { _id: 'c', depth: 1 },
    { _id: 'root', depth: 1 },
  ]);
});

test('$unionWith by name alone appends every document of the collection', async () => {
  const docs = await t
    .db(DB)
    .collection('small')
    .aggregate([{ $unionWith: 'many' }, { $count: 'n' }])
    .toArray();
  expect(docs).toEqual([{ n: 5 + MANY }]);
}, 300_000);

// The same search inside a $facet over those 20 documents: each sub-pipeline runs through the
// pausing pipeline, $graphLookup included, although the input is small.
test('a $graphLookup inside $facet serves other connections', async () => {
  const db = t.db(DB);
  const size = { $project: { found: { $size: '$below' } } };
  const inFacet = await servedMeanwhile(
    () =>
      db
        .collection('roots')
        .aggregate([{ $facet: { graph: [TREE_SEARCH, size] } }])
        .toArray(),
    probe,
  );
  expect(fulfilled(inFacet.outcome)).toEqual([
    { graph: Array.from({ length: 20 }, (_, k) => ({ _id: k, found: 999 })) },
  ]);
  expect(inFacet.served).toBeGreaterThanOrEqual(5);
}, 300_000);
