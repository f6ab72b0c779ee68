import { Decimal128, Long, type Collection, type Document, type MongoServerError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

type IdDoc = { _id: number } & Document;
let t: TestEngine;
let c: Collection<IdDoc>;
beforeAll(async () => {
  t = await startTestEngine();
  c = t.db('sem').collection<IdDoc>('c');
  await c.insertMany([
    { _id: 1, a: { x: 1, y: 2 } },
    { _id: 2, arr: [{ x: 1, y: 2 }] },
    { _id: 3, nested: [[1], [2]] },
    { _id: 4, nested: [[1, 2]] },
    { _id: 5, k: [1] },
    { _id: 6, q: [[5]] },
    { _id: 7, q: [5] },
    { _id: 8, deep: [[{ b: 1 }]] },
    { _id: 9, deep: [{ b: [1] }] },
    { _id: 10, deep: [{ b: 1 }, { c: 1 }] },
    { _id: 11 },
  ]);
});
afterAll(async () => {
  await t.stop();
});

const ids = async (filter: Document): Promise<number[]> =>
  (await c.find(filter, { projection: { _id: 1 } }).toArray()).map((d) => d._id).sort((x, y) => x - y);

describe('query matching (https://www.mongodb.com/docs/manual/tutorial/query-embedded-documents/, query-arrays/)', () => {
  test('equality with an embedded document is exact, field order included', async () => {
    expect(await ids({ a: { x: 1, y: 2 } })).toEqual([1]);
    expect(await ids({ a: { y: 2, x: 1 } })).toEqual([]);
    expect(await ids({ arr: { x: 1, y: 2 } })).toEqual([2]);
    expect(await ids({ arr: { y: 2, x: 1 } })).toEqual([]);
    expect(await ids({ a: { $in: [{ y: 2, x: 1 }] } })).toEqual([]);
  });

  test('$all is an $and of equalities: nested arrays compare whole, [null] matches a missing field', async () => {
    expect(await ids({ nested: { $all: [[1]] } })).toEqual([3]);
    expect(await ids({ nested: { $all: [[2, 1]] } })).toEqual([]);
    expect(await ids({ nested: { $all: [[1, 2]] } })).toEqual([4]);
    expect(await ids({ _id: { $in: [1, 11] }, missing: { $all: [null] } })).toEqual([1, 11]);
    expect(await ids({ nested: { $all: [] } })).toEqual([]);
  });

  test('a whole array inside $in/$nin/$ne matches the array field itself', async () => {
    expect(await ids({ k: { $in: [[1]] } })).toEqual([5]);
    expect(await ids({ k: [1] })).toEqual([5]);
    expect(await ids({ _id: { $in: [5, 7] }, k: { $nin: [[1]] } })).toEqual([7]);
    expect(await ids({ _id: { $in: [5, 7] }, k: { $ne: [1] } })).toEqual([7]);
  });

  // https://www.mongodb.com/docs/manual/tutorial/query-for-null-fields/ and .../operator/query/in/:
  // null in a query matches null and missing fields; an aggregation expression does not take a
  // missing value for null (mongod compares missing below null there).
  test('$in/$nin with null, against null, missing and arrays holding null', async () => {
    const n = t.db('sem').collection<IdDoc>('nulls');
    await n.insertMany([
      { _id: 1, k: null },
      { _id: 2 },
      { _id: 3, k: [null] },
      { _id: 4, k: [1] },
      { _id: 5, k: 1 },
    ]);
    const found = async (filter: Document) =>
      (await n.find(filter).toArray()).map((d) => d._id).sort((x, y) => x - y);
    expect(await found({ k: { $in: [null] } })).toEqual([1, 2, 3]);
    expect(await found({ k: { $nin: [null] } })).toEqual([4, 5]);
    expect(await found({ k: { $in: [null, 1] } })).toEqual([1, 2, 3, 4, 5]);
    expect(await found({ k: { $in: [[null]] } })).toEqual([3]);
    const inExpr = await n
      .aggregate([{ $sort: { _id: 1 } }, { $project: { r: { $in: ['$k', [null]] } } }])
      .toArray();
    expect(inExpr.map((d) => d.r as unknown)).toEqual([true, false, false, false, false]);
  });

  test('$elemMatch with operator conditions matches scalar elements, not nested arrays', async () => {
    expect(await ids({ q: { $elemMatch: { $gt: 4, $lt: 6 } } })).toEqual([7]);
  });

  test('dotted paths enter arrays of documents but not arrays of arrays; null matches a branch lacking the field', async () => {
    expect(await ids({ 'deep.b': 1 })).toEqual([9, 10]);
    expect(await ids({ _id: { $in: [9, 10] }, 'deep.0.b': 1 })).toEqual([9, 10]);
    expect(await ids({ _id: { $in: [9, 10] }, 'deep.b': null })).toEqual([10]);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/query/exists/ : the same traversal as
  // equality, so an array nested directly in an array holds no `deep.b`.
  test('$exists follows dotted paths as equality does (not into arrays of arrays)', async () => {
    expect(await ids({ 'deep.b': { $exists: true } })).toEqual([9, 10]);
    expect(await ids({ deep: { $exists: true }, 'deep.b': { $exists: false } })).toEqual([8]);
    expect(await ids({ 'deep.0': { $exists: true } })).toEqual([8, 9, 10]);
    expect(await ids({ 'a.y': { $exists: 1 }, 'a.z': { $exists: 0 } })).toEqual([1]);
  });

  test('$gte/$lte null match missing fields; $gt/$lt null match nothing', async () => {
    expect(await ids({ _id: { $in: [1, 11] }, a: { $gte: null } })).toEqual([11]);
    expect(await ids({ _id: { $in: [1, 11] }, a: { $lte: null } })).toEqual([11]);
    expect(await ids({ _id: { $in: [1, 11] }, a: { $gt: null } })).toEqual([]);
  });

  test('invalid operands are refused with BadValue', async () => {
    const cases: [Document, string][] = [
      [{ k: { $in: 5 } }, '$in needs an array'],
      [{ k: { $nin: 5 } }, '$nin needs an array'],
      [{ k: { $all: 5 } }, '$all needs an array'],
      [{ k: { $ne: /x/ } }, "Can't have regex as arg to $ne."],
    ];
    for (const [filter, message] of cases) {
      const err = (await serverError(() => c.find(filter).toArray())) as MongoServerError;
      expect([err.code, err.message]).toEqual([2, message]);
    }
  });
});

describe('exact comparison of large int64 and decimal values (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/#numeric-types)', () => {
  const two53 = Long.fromString('9007199254740992');
  const two53plus1 = Long.fromString('9007199254740993');
  const between = Decimal128.fromString('9007199254740992.5');

  for (const indexed of [false, true]) {
    test(`ranges, equality and sort ${indexed ? 'through an index' : 'by scanning'}`, async () => {
      const n = t.db('sem').collection<IdDoc>(indexed ? 'numIndexed' : 'numScan');
      await n.insertMany([
        { _id: 1, v: two53 },
        { _id: 2, v: two53plus1 },
        { _id: 3, v: between },
        { _id: 4, v: 9007199254740992 },
      ]);
      if (indexed) await n.createIndex({ v: 1 });
      const got = async (filter: Document) =>
        (await n.find(filter).sort({ v: 1, _id: 1 }).toArray()).map((d) => d._id);
      expect(await got({ v: { $gt: two53 } })).toEqual([3, 2]);
      expect(await got({ v: { $lt: two53plus1 } })).toEqual([1, 4, 3]);
      expect(await got({ v: two53plus1 })).toEqual([2]);
      expect(await got({ v: { $in: [between] } })).toEqual([3]);
      expect(await got({})).toEqual([1, 4, 3, 2]);
    });
  }

  test('a unique index tells apart int64 values that share a double', async () => {
    const u = t.db('sem').collection<IdDoc>('uniqueLongs');
    await u.createIndex({ v: 1 }, { unique: true });
    await u.insertMany([
      { _id: 1, v: two53 },
      { _id: 2, v: two53plus1 },
    ]);
    expect(await u.countDocuments()).toBe(2);
    const err = (await serverError(() =>
      u.insertOne({ _id: 3, v: Long.fromString('9007199254740993') }),
    )) as MongoServerError;
    expect(err.code).toBe(11000);
  });
});

describe('sort order of arrays (https://www.mongodb.com/docs/manual/reference/method/cursor.sort/#sort-by-an-array-field)', () => {
  for (const indexed of [false, true]) {
    test(`ascending by the smallest element, descending by the largest, [] before null ${indexed ? '(index)' : '(scan)'}`, async () => {
      const s = t.db('sem').collection<IdDoc>(indexed ? 'sortIndexed' : 'sortScan');
      await s.insertMany([
        { _id: 1, v: [] },
        { _id: 2, v: null },
        { _id: 3 },
        { _id: 4, v: [1, 5] },
        { _id: 5, v: 3 },
        { _id: 6, v: [2, 4] },
      ]);
      const hint = indexed ? { v: 1 } : undefined;
      if (indexed) await s.createIndex({ v: 1 });
      const order = async (dir: 1 | -1) =>
        (await s.find({}, { hint }).sort({ v: dir, _id: 1 }).toArray()).map((d) => d._id);
      expect(await order(1)).toEqual([1, 2, 3, 4, 6, 5]);
      expect(await order(-1)).toEqual([4, 6, 5, 2, 3, 1]);
    });
  }
});

// https://www.mongodb.com/docs/manual/reference/operator/projection/elemMatch/ (the first element
// matching the condition; a condition of operators tests each element as a value, as the query
// operator does) and .../projection/slice/. mongod writes an inclusion projection in two passes,
// as a $project: the kept fields in the document's order, then the operator and computed fields
// in the projection's order.
describe('find projection operators', () => {
  test('$elemMatch with operator conditions, and the field order with $slice or expressions', async () => {
    const p = t.db('sem').collection<IdDoc>('projected');
    await p.insertOne({ _id: 1, l: 5, d: 2, arr: [1, 2, 3] });
    const first = async (projection: Document) => (await p.find({ _id: 1 }, { projection }).toArray())[0];
    expect(await first({ arr: { $elemMatch: { $gt: 1 } }, l: 1 })).toEqual({ _id: 1, l: 5, arr: [2] });
    expect(await first({ arr: { $elemMatch: { $gt: 5 } }, l: 1 })).toEqual({ _id: 1, l: 5 });
    expect(Object.keys((await first({ arr: { $slice: 1 }, d: 1, l: 1 })) ?? {})).toEqual([
      '_id',
      'l',
      'd',
      'arr',
    ]);
    expect(Object.keys((await first({ x: { $add: ['$l', 1] }, d: 1 })) ?? {})).toEqual(['_id', 'd', 'x']);
  });
});
