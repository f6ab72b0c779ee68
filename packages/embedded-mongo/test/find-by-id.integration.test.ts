import { afterAll, beforeAll, expect, test } from 'vitest';
import { Long, ObjectId, type Collection, type Filter } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * `find` by exactly `{ _id: <ObjectId or string> }` is answered by one `_id` index lookup (the
 * engine's IDHACK). It must answer what the general path answers, in every cursor shape the
 * driver asks for, and hand every other filter to the general path.
 */
let t: TestEngine;
let c: Collection<{ _id: ObjectId | string | number | Long | { a: number }; v: number }>;
const oid = new ObjectId();

beforeAll(async () => {
  t = await startTestEngine();
  c = t.db('byid').collection('docs');
  await c.insertMany([
    { _id: oid, v: 1 },
    { _id: 'k1', v: 2 },
    { _id: 7, v: 3 },
    { _id: { a: 1 }, v: 4 },
  ]);
});
afterAll(async () => {
  await t.stop();
});

test('findOne by an ObjectId or string _id: one index key, no document decoded', async () => {
  const stats = () => ({ ...(t.engine.stats('byid', 'docs') ?? { docsExamined: 0, keysExamined: 0 }) });
  const before = stats();
  expect(await c.findOne({ _id: oid })).toEqual({ _id: oid, v: 1 });
  expect(await c.findOne({ _id: 'k1' })).toEqual({ _id: 'k1', v: 2 });
  expect(await c.findOne({ _id: new ObjectId() })).toBeNull();
  expect(await c.findOne({ _id: 'k2' })).toBeNull();
  const after = stats();
  expect(after.keysExamined - before.keysExamined).toBe(2);
  expect(after.docsExamined - before.docsExamined).toBe(0);
});

test('the same answers through other cursor shapes and filters the fast path leaves alone', async () => {
  // batchSize 0: an open cursor whose getMore returns the document.
  expect(await c.find({ _id: oid }, { batchSize: 0 }).toArray()).toEqual([{ _id: oid, v: 1 }]);
  expect(await c.find({ _id: oid }).limit(0).toArray()).toEqual([{ _id: oid, v: 1 }]);
  expect(await c.find({ _id: oid }).skip(1).toArray()).toEqual([]);
  expect(await c.find({ _id: oid }, { projection: { v: 1, _id: 0 } }).toArray()).toEqual([{ v: 1 }]);
  expect(await c.find({ _id: oid, v: 2 }).toArray()).toEqual([]);
  expect(
    await c
      .find({ _id: { $in: [oid, 'k1'] } })
      .sort({ v: 1 })
      .toArray(),
  ).toHaveLength(2);
  // Numbers compare across types, documents by value: the general path answers both.
  expect(await c.findOne({ _id: Long.fromNumber(7) })).toEqual({ _id: 7, v: 3 });
  expect(await c.findOne({ _id: { a: 1 } })).toEqual({ _id: { a: 1 }, v: 4 });
});

test('min/max without a hint are refused by id as elsewhere (51173), projected or not', async () => {
  const find = (extra: object) => () =>
    t.db('byid').command({ find: 'docs', filter: { _id: 'k1' }, min: { _id: 'a' }, ...extra });
  for (const extra of [{}, { projection: { v: 1 } }, { projection: { 'v.w': 1 } }])
    expect((await serverError(find(extra))).code).toBe(51173);
});

test('a projection refused elsewhere is refused by id also when no document has that _id', async () => {
  const find = (filter: object) => () =>
    t.db('byid').command({ find: 'docs', filter, projection: { $x: 1 } });
  const elsewhere = await serverError(find({ _id: 'none', v: { $exists: true } }));
  const found = await serverError(find({ _id: 'k1' }));
  const missing = await serverError(find({ _id: 'none' }));
  expect([found.code, missing.code]).toEqual([elsewhere.code, elsewhere.code]);
});

type WithArray = { _id: string; arr: { b: number }[]; n: number };

test('a positional projection of an array the filter says nothing about is refused (51246), by id or not', async () => {
  const coll = t.db('byid').collection<WithArray>('positional');
  await coll.insertOne({ _id: 'p', arr: [{ b: 1 }, { b: 2 }], n: 1 });
  const filters: Filter<WithArray>[] = [{ _id: 'p' }, { _id: 'p', n: 1 }, { n: { $gte: 1 } }];
  for (const filter of filters) {
    const error = await serverError(() => coll.find(filter, { projection: { 'arr.$': 1 } }).toArray());
    expect(error.code).toBe(51246);
  }
  // With a condition on the array, the matched element.
  expect(await coll.findOne({ _id: 'p', 'arr.b': 2 }, { projection: { 'arr.$': 1 } })).toEqual({
    _id: 'p',
    arr: [{ b: 2 }],
  });
});
