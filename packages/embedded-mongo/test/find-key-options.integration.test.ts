import { afterAll, beforeAll, expect, test } from 'vitest';
import { Long, type Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * The find options `returnKey`, `showRecordId` and `min`/`max`, as the find command's page
 * (https://www.mongodb.com/docs/manual/reference/command/find/) and mongod's jstests describe them:
 * jstests/core/query/minmax.js (bounds in the hinted index's order, `min` inclusive, `max`
 * exclusive, codes 51173-51176 and NoQueryExecutionPlans for a `$natural` hint) and
 * jstests/core/query/return_key.js (the index key per result, `{}` when no index is used).
 */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(() => t.stop());

type Doc = { _id: number; a: number; b: number };
const pairs: Doc[] = [
  { _id: 1, a: 1, b: 1 },
  { _id: 2, a: 1, b: 2 },
  { _id: 3, a: 2, b: 1 },
  { _id: 4, a: 2, b: 2 },
];

test('min/max bound a hinted ascending compound index: min inclusive, max exclusive', async () => {
  const c = t.db('keyopts').collection<Doc>('asc');
  await c.createIndex({ a: 1, b: 1 });
  await c.insertMany(pairs);
  const hint = { a: 1, b: 1 };
  const ids = async (min?: Document, max?: Document) =>
    (await c.find({}, { hint, ...(min ? { min } : {}), ...(max ? { max } : {}) }).toArray()).map(
      (d) => d._id,
    );
  expect(await ids({ a: 1, b: 2 }, { a: 2, b: 1 })).toEqual([2]);
  expect(await ids({ a: 1, b: 2 }, { a: 2, b: 1.5 })).toEqual([2, 3]);
  expect(await ids({ a: 1, b: 2 }, { a: 2, b: 2 })).toEqual([2, 3]);
  expect(await ids({ a: 1, b: 2 })).toEqual([2, 3, 4]);
  expect(await ids(undefined, { a: 2, b: 1.5 })).toEqual([1, 2, 3]);
  // The filter, sort and limit still apply to the bounded documents.
  const filtered = await c
    .find({ b: 2 }, { hint, min: { a: 1, b: 2 }, sort: { _id: -1 }, limit: 1 })
    .toArray();
  expect(filtered.map((d) => d._id)).toEqual([4]);
});

test('min/max follow a descending field in the index order', async () => {
  const c = t.db('keyopts').collection<Doc>('desc');
  await c.createIndex({ a: 1, b: -1 });
  await c.insertMany(pairs);
  const hint = { a: 1, b: -1 };
  const count = async (o: Document) => (await c.find({}, { hint, ...o }).toArray()).length;
  expect(await count({ min: { a: 1, b: 2 } })).toBe(4);
  expect(await count({ max: { a: 2, b: 0.5 } })).toBe(4);
  expect(await count({ min: { a: 2, b: 1 } })).toBe(1);
  expect(await count({ max: { a: 1, b: 1.5 } })).toBe(1);
});

test('min/max refusals carry mongod codes', async () => {
  const c = t.db('keyopts').collection<Doc>('asc');
  const cases: [Document, number][] = [
    [{ min: { a: 1, b: 2 }, max: { a: 2, b: 1 } }, 51173],
    [{ min: { a: 1 }, hint: { a: 1, b: 1 } }, 51174],
    [{ min: { a: 1, b: 1 }, max: { a: 1 }, hint: { a: 1, b: 1 } }, 51176],
    [{ min: { b: 1 }, max: { a: 1, b: 2 }, hint: { a: 1, b: 1 } }, 51176],
    [{ min: { a: 1 }, hint: { $natural: 1 } }, 291],
    [{ min: { a: 1, b: 2 }, max: { a: 1, b: 2 }, hint: { a: 1, b: 1 } }, 51175],
    [{ min: { a: 2, b: 1 }, max: { a: 1, b: 1 }, hint: { a: 1, b: 1 } }, 51175],
  ];
  for (const [options, code] of cases)
    expect([options, (await serverError(() => c.find({}, options).toArray())).code]).toEqual([options, code]);
});

test('returnKey gives the used index key per result, {} without an index; showRecordId adds $recordId', async () => {
  const c = t.db('keyopts').collection<Doc>('asc');
  const keys = await c.find({ a: 2 }, { hint: { a: 1, b: 1 }, returnKey: true, sort: { b: 1 } }).toArray();
  expect(keys).toEqual([
    { a: 2, b: 1 },
    { a: 2, b: 2 },
  ]);
  // The planner's pick is the key shown; a projection does not apply.
  const byId = await c.find({ _id: 3 }, { returnKey: true, projection: { a: 1 } }).toArray();
  expect(byId).toEqual([{ _id: 3 }]);
  const scanned = await t
    .db('keyopts')
    .collection<Doc>('desc')
    .find({ b: 1 }, { hint: { $natural: 1 }, returnKey: true })
    .toArray();
  expect(scanned).toEqual([{}, {}]);
  const withIds = await t
    .db('keyopts')
    .collection('asc')
    .find({}, { showRecordId: true, projection: { _id: 1 }, sort: { _id: 1 }, promoteLongs: false })
    .toArray();
  expect(withIds.map((d) => Object.keys(d))).toEqual(Array(4).fill(['_id', '$recordId']));
  expect(withIds.every((d) => d.$recordId instanceof Long)).toBe(true);
  expect(new Set(withIds.map((d) => String(d.$recordId))).size).toBe(4);
  const both = await c.find({ _id: 1 }, { returnKey: true, showRecordId: true }).toArray();
  expect(Object.keys(both[0] ?? {})).toEqual(['_id', '$recordId']);
  const bad = await serverError(() => t.db('keyopts').command({ find: 'asc', returnKey: 1 }));
  expect(bad.code).toBe(14);
});
