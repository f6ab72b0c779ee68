import { afterAll, beforeAll, expect, test } from 'vitest';
import { MongoClient } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';
import { fulfilled, servedMeanwhile } from './helpers/served-meanwhile.js';

/**
 * A long aggregation pauses between batches of documents so other connections are served while it
 * runs. Proven by order, not by time: with an engine that held the event loop for the whole
 * aggregation, at most one findOne sent on another connection could finish before the aggregation
 * did (one already on its way when the aggregation started); every later findOne waits for it.
 */
const DOCS = 30_000;
let t: TestEngine;
let other: MongoClient;

beforeAll(async () => {
  t = await startTestEngine();
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  const coll = t.db('yielding').collection<{ _id: number; n: number; g: number }>('docs');
  for (let from = 0; from < DOCS; from += 5000) {
    await coll.insertMany(
      Array.from({ length: 5000 }, (_, i) => ({ _id: from + i, n: from + i, g: (from + i) % 7 })),
    );
  }
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.stop();
});

test('findOnes on another connection complete while a large $group is still running', async () => {
  const pipeline = [
    {
      $group: {
        _id: '$g',
        sum: { $sum: '$n' },
        count: { $sum: 1 },
        min: { $min: '$n' },
        max: { $max: '$n' },
        first: { $first: '$n' },
        last: { $last: '$n' },
      },
    },
    { $sort: { _id: 1 } },
  ];
  const reader = other.db('yielding').collection<{ _id: number; n: number }>('docs');
  const { served, outcome } = await servedMeanwhile(
    () => t.db('yielding').collection('docs').aggregate(pipeline).toArray(),
    async (i) => expect((await reader.findOne({ _id: (i * 7919) % DOCS }))?.n).toBe((i * 7919) % DOCS),
  );
  expect(served).toBeGreaterThanOrEqual(3);

  // The result is the one of a single pass, group g holding n = g, g + 7, ... in insertion order.
  const expected = Array.from({ length: 7 }, (_, g) => {
    const values = Array.from({ length: Math.ceil((DOCS - g) / 7) }, (_, k) => g + 7 * k);
    return {
      _id: g,
      sum: values.reduce((a, b) => a + b, 0),
      count: values.length,
      min: g,
      max: values.at(-1),
      first: g,
      last: values.at(-1),
    };
  });
  expect(fulfilled(outcome)).toEqual(expected);
}, 120_000);

test('a batched $group with many groups (merged while it runs) equals a single pass', async () => {
  const groups = 600;
  const result = await t
    .db('yielding')
    .collection('docs')
    .aggregate([
      {
        $group: {
          _id: { $mod: ['$n', groups] },
          sum: { $sum: '$n' },
          count: { $count: {} },
          min: { $min: '$n' },
          max: { $max: '$n' },
          first: { $first: '$n' },
          last: { $last: '$n' },
        },
      },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  const expected = Array.from({ length: groups }, (_, g) => {
    const values = Array.from({ length: Math.ceil((DOCS - g) / groups) }, (_, k) => g + groups * k);
    const last = values.at(-1);
    return {
      _id: g,
      sum: values.reduce((a, b) => a + b, 0),
      count: values.length,
      min: g,
      max: last,
      first: g,
      last,
    };
  });
  expect(result).toEqual(expected);
}, 120_000);

test('a long unindexed find lets other connections in as well', async () => {
  const reader = other.db('yielding').collection<{ _id: number; n: number }>('docs');
  const { served, outcome } = await servedMeanwhile(
    () =>
      t
        .db('yielding')
        .collection<{ _id: number; n: number }>('docs')
        .find({ n: { $mod: [1000, 3] } })
        .toArray(),
    (i) => reader.findOne({ _id: i }),
  );
  expect(served).toBeGreaterThanOrEqual(3);
  expect(fulfilled(outcome).map((d) => d.n)).toEqual(
    Array.from({ length: DOCS / 1000 }, (_, k) => 1000 * k + 3),
  );
}, 120_000);
