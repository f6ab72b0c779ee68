import {
  Decimal128,
  Double,
  Int32,
  Long,
  type Collection,
  type Document,
  type MongoServerError,
} from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;
let c: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  c = t.db('fid').collection('c');
  await c.insertMany([{ a: 1 }, { a: 2 }]);
});
afterAll(async () => {
  await t.stop();
});

const one = async (project: Document) =>
  (
    await c.aggregate([{ $sort: { a: 1 } }, { $limit: 1 }, { $project: { _id: 0, ...project } }]).toArray()
  )[0];
const aggError = async (pipeline: Document[]) =>
  (await serverError(() => c.aggregate(pipeline).toArray())) as MongoServerError;

describe('aggregation expressions (https://www.mongodb.com/docs/manual/reference/operator/aggregation/)', () => {
  test('$switch with no matching branch and no default is an error', async () => {
    const err = await aggError([{ $project: { x: { $switch: { branches: [{ case: false, then: 1 }] } } } }]);
    expect(err.code).toBe(40066);
    expect(await one({ x: { $switch: { branches: [{ case: false, then: 1 }], default: 'd' } } })).toEqual({
      x: 'd',
    });
  });

  test('$toUpper/$toLower of null or a missing field give ""', async () => {
    expect(await one({ u: { $toUpper: null }, l: { $toLower: '$nope' }, s: { $toUpper: 'ab' } })).toEqual({
      u: '',
      l: '',
      s: 'AB',
    });
  });

  test('$cond with the wrong arity (16020) and $concat of a non-string (16702) are refused', async () => {
    expect((await aggError([{ $project: { x: { $cond: [true] } } }])).code).toBe(16020);
    expect((await aggError([{ $project: { x: { $concat: ['a', '$a'] } } }])).code).toBe(16702);
    expect(await one({ x: { $concat: ['a', '$nope'] }, y: { $concat: ['a', 'b'] } })).toEqual({
      x: null,
      y: 'ab',
    });
  });

  test('$first/$last of an empty array give a missing value', async () => {
    expect(await one({ f: { $first: [[]] }, l: { $last: [[]] }, k: { $last: [[1, 2]] } })).toEqual({ k: 2 });
  });

  // mongod applies an inclusion projection in two passes: the fields it keeps, in the input
  // document's order, then the fields it computes, in the projection's order (at every level).
  // $addFields/$set keep existing fields in place and append new ones in the order named.
  test('output field order of $project with computed fields and of dotted $addFields', async () => {
    const o = t.db('fid').collection('order');
    await o.insertOne({ _id: 1, a: { b: 1, d: 4 }, z: 1 } as Document);
    const [projected] = await o
      .aggregate([{ $project: { z: 1, n: { $literal: 5 }, 'a.e': { $literal: 6 }, 'a.b': 1 } }])
      .toArray();
    expect(Object.keys(projected ?? {})).toEqual(['_id', 'a', 'z', 'n']);
    expect(Object.keys((projected?.a ?? {}) as Document)).toEqual(['b', 'e']);
    const [added] = await o.aggregate([{ $addFields: { w: 2, 'a.c': 1, 'a.b': 0, 'x.y': 3 } }]).toArray();
    expect(Object.keys(added ?? {})).toEqual(['_id', 'a', 'z', 'w', 'x']);
    expect(Object.keys((added?.a ?? {}) as Document)).toEqual(['b', 'd', 'c']);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucket/: a document goes to
  // the bucket whose lower boundary is ≤ its value < the next boundary; only buckets holding
  // documents are written, sorted by boundary; outside every bucket without a default: error.
  test('$bucket puts each document in its own bucket', async () => {
    const b = t.db('fid').collection('buckets');
    await b.insertMany([{ v: 5 }, { v: 6 }, { v: 7 }, { v: 42 }, { v: 'x' }]);
    const bucket = (extra: Document) => [
      { $bucket: { groupBy: '$v', boundaries: [0, 6, 10, 20], ...extra } },
    ];
    expect(await b.aggregate(bucket({ default: 'other' })).toArray()).toEqual([
      { _id: 0, count: 1 },
      { _id: 6, count: 2 },
      { _id: 'other', count: 2 },
    ]);
    expect(
      await b.aggregate(bucket({ default: 'other', output: { vs: { $push: '$v' } } })).toArray(),
    ).toEqual([
      { _id: 0, vs: [5] },
      { _id: 6, vs: [6, 7] },
      { _id: 'other', vs: [42, 'x'] },
    ]);
    expect((await aggError(bucket({}))).code).toBe(40066);
  });

  // mongod's projection parser: a path below an already named one → 31249, a path above an
  // already named one → 31250; mixing inclusion and exclusion → 31253 / 31254 (_id is exempt).
  test('a projection naming a path and its prefix is refused with 31249 or 31250', async () => {
    const below = await aggError([{ $project: { a: 1, 'a.b': 1 } }]);
    expect([below.code, below.message]).toEqual([31249, 'Path collision at a.b remaining portion b']);
    const above = await aggError([{ $project: { 'a.b.c': 1, a: 1 } }]);
    expect([above.code, above.message]).toEqual([31250, 'Path collision at a']);
    const nested = await aggError([{ $project: { a: { b: 1 }, 'a.b': 0 } }]);
    expect(nested.code).toBe(31250);
    const found = (await serverError(() =>
      c.find({}, { projection: { 'x.y': 1, 'x.y.z': 1 } }).toArray(),
    )) as MongoServerError;
    expect([found.code, found.message]).toEqual([31249, 'Path collision at x.y.z remaining portion z']);
  });

  test('inclusion and exclusion mixed in a projection: 31253 / 31254, _id either way', async () => {
    const incl = (await serverError(() =>
      c.find({}, { projection: { a: 0, b: 1 } }).toArray(),
    )) as MongoServerError;
    expect([incl.code, incl.message]).toEqual([
      31253,
      'Cannot do inclusion on field b in exclusion projection',
    ]);
    const excl = await aggError([{ $project: { a: 1, 'b.c': false } }]);
    expect([excl.code, excl.message]).toEqual([
      31254,
      'Cannot do exclusion on field b.c in inclusion projection',
    ]);
    expect(await c.find({}, { projection: { _id: 1, a: 0 }, sort: { a: 1 } }).toArray()).toHaveLength(2);
    expect(await one({ a: 1 })).toEqual({ a: 1 });
  });

  test('{$expr: {}} is a valid filter matching every document', async () => {
    expect(await c.countDocuments({ $expr: {} })).toBe(2);
  });
});

describe('indexes and validate', () => {
  test('createIndex({_id: 1}) is the existing _id_ index, not a second one', async () => {
    const x = t.db('fid').collection('ids');
    await x.insertOne({ a: 1 });
    await x.createIndex({ _id: 1 });
    expect((await x.listIndexes().toArray()).map((i) => (i as { name: string }).name)).toEqual(['_id_']);
  });

  // https://www.mongodb.com/docs/manual/core/index-unique/#unique-constraint-across-separate-documents
  test('a unique index on an array field allows one document to repeat a value, not two documents', async () => {
    const u = t.db('fid').collection('tags');
    await u.createIndex({ tags: 1 }, { unique: true });
    await u.insertOne({ tags: ['a', 'a', 'b'] });
    expect(((await serverError(() => u.insertOne({ tags: ['c', 'b'] }))) as MongoServerError).code).toBe(
      11000,
    );
    expect(await u.countDocuments()).toBe(1);
  });

  // https://www.mongodb.com/docs/manual/core/index-unique/#missing-document-field-in-a-unique-single-field-index
  test('a non-sparse unique index cannot be built over two documents lacking the key', async () => {
    const m = t.db('fid').collection('missing');
    await m.insertMany([{ a: 1 }, { a: 2 }]);
    expect(
      ((await serverError(() => m.createIndex({ b: 1 }, { unique: true }))) as MongoServerError).code,
    ).toBe(11000);
    await m.createIndex({ b: 1 }, { unique: true, sparse: true });
  });

  test('validate answers as mongod does for a healthy collection', async () => {
    const res = await t.db('fid').command({ validate: 'c' });
    expect(res).toMatchObject({ ns: 'fid.c', valid: true, nrecords: 2, nIndexes: 1, errors: [], ok: 1 });
    expect(res.keysPerIndex).toEqual({ _id_: 2 });
    const err = (await serverError(() => t.db('fid').command({ validate: 'nope' }))) as MongoServerError;
    expect(err.code).toBe(26);
  });
});

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/sum/#behavior (result types)
describe('$sum/$avg over int64 and decimal values are exact', () => {
  test('large int64 values sum exactly to an int64; decimals to a decimal; int32 overflow gives int64', async () => {
    const n = t.db('fid').collection('nums');
    await n.insertMany([
      { g: 'long', v: Long.fromString('9007199254740993') },
      { g: 'long', v: Long.fromString('9007199254740992') },
      { g: 'dec', v: Decimal128.fromString('0.1') },
      { g: 'dec', v: Decimal128.fromString('0.2') },
      { g: 'int', v: 2147483647 },
      { g: 'int', v: 1 },
      { g: 'int', v: 'not a number' },
    ]);
    const rows = await n
      .aggregate([{ $group: { _id: '$g', s: { $sum: '$v' }, a: { $avg: '$v' } } }, { $sort: { _id: 1 } }], {
        promoteLongs: false,
        promoteValues: false,
      })
      .toArray();
    const byGroup = Object.fromEntries(rows.map((r) => [String(r._id), r]));
    expect(String(byGroup.long?.s)).toBe('18014398509481985');
    expect(byGroup.long?.s).toBeInstanceOf(Long);
    expect(byGroup.dec?.s).toEqual(Decimal128.fromString('0.3'));
    expect(String(byGroup.dec?.a)).toBe('0.15');
    expect(byGroup.int?.s).toBeInstanceOf(Long);
    expect(String(byGroup.int?.s)).toBe('2147483648');
  });
});

describe('updates (https://www.mongodb.com/docs/manual/reference/operator/update/)', () => {
  test('$addToSet with $each adds each value once, also on an upsert', async () => {
    const u = t.db('fid').collection<{ _id: number; a?: number[] }>('sets');
    await u.updateOne({ _id: 1 }, { $addToSet: { a: { $each: [1, 1, 2] } } }, { upsert: true });
    await u.insertOne({ _id: 2, a: [2] });
    await u.updateOne({ _id: 2 }, { $addToSet: { a: { $each: [3, 2, 3] } } });
    expect(await u.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, a: [1, 2] },
      { _id: 2, a: [2, 3] },
    ]);
  });

  test('$setOnInsert may set _id on an upsert; $set of an unchanged _id is a no-op', async () => {
    const u = t.db('fid').collection<{ _id: number; x?: number; y?: number }>('ids2');
    await u.updateOne({ x: 5 }, { $setOnInsert: { _id: 3 }, $set: { y: 1 } }, { upsert: true });
    expect(await u.findOne({ x: 5 })).toEqual({ _id: 3, x: 5, y: 1 });
    const same = await u.updateOne({ _id: 3 }, { $set: { _id: 3, y: 2 } });
    expect(same.modifiedCount).toBe(1);
    expect(
      ((await serverError(() => u.updateOne({ _id: 3 }, { $set: { _id: 4 } }))) as MongoServerError).code,
    ).toBe(66);
  });

  // https://www.mongodb.com/docs/manual/core/dot-dollar-considerations/ (MongoDB 5.0+)
  test('$-prefixed field names below the top level are stored', async () => {
    const u = t.db('fid').collection('dollars');
    await u.insertOne({ _id: 1, a: { $b: 1 } } as Document);
    expect(await u.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, a: { $b: 1 } });
  });

  test('the positional $ resolves to the element the query matched', async () => {
    const u = t.db('fid').collection('pos');
    await u.insertOne({
      _id: 1,
      grades: [
        { g: 80, m: 1 },
        { g: 90, m: 2 },
      ],
    } as Document);
    await u.updateOne({ _id: 1, 'grades.g': 90 } as Document, { $set: { 'grades.$.m': 9 } });
    expect((await u.findOne({ _id: 1 } as Document))?.grades).toEqual([
      { g: 80, m: 1 },
      { g: 90, m: 9 },
    ]);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/rename/#behavior
  test('$rename into or out of an array element is refused with BadValue', async () => {
    const u = t.db('fid').collection('renames');
    await u.insertOne({ _id: 1, a: [{ x: 1 }], b: 2 } as Document);
    const renames: Record<string, string>[] = [{ b: 'a.0.y' }, { 'a.0.x': 'c' }];
    for (const rename of renames) {
      const err = (await serverError(() =>
        u.updateOne({ _id: 1 } as Document, { $rename: rename }),
      )) as MongoServerError;
      expect(err.code).toBe(2);
    }
    expect(await u.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, a: [{ x: 1 }], b: 2 });
  });
});

// https://www.mongodb.com/docs/manual/reference/operator/query/regex/#options
describe('regular expressions', () => {
  test('the x option ignores white space and # comments; leading inline flags work', async () => {
    const r = t.db('fid').collection('re');
    await r.insertMany([{ s: 'abc' }, { s: 'ABC' }, { s: 'a b c' }]);
    const found = async (filter: Document) =>
      (await r.find(filter, { projection: { _id: 0 } }).toArray()).map((d) => d.s as string).sort();
    expect(await found({ s: { $regex: 'a b # letters\n c', $options: 'x' } })).toEqual(['abc']);
    expect(await found({ s: { $regex: '(?i)^abc$' } })).toEqual(['ABC', 'abc']);
    expect(await found({ s: { $regex: '^a\\ b', $options: 'x' } })).toEqual(['a b c']);
  });

  test('a pattern or option JavaScript cannot honour is refused, never matched differently', async () => {
    const r = t.db('fid').collection('re');
    const bad = (await serverError(() => r.find({ s: { $regex: 'a(?<=b' } }).toArray())) as MongoServerError;
    expect(bad.code).toBe(51091);
    const opt = (await serverError(() =>
      r.find({ s: { $regex: 'a', $options: 'q' } }).toArray(),
    )) as MongoServerError;
    expect(opt.code).toBe(51108);
  });
});

// https://www.mongodb.com/docs/manual/reference/operator/query/type/
describe('$type tells the numeric types apart', () => {
  test('double, int, long, decimal, number and lists of type names', async () => {
    const ty = t.db('fid').collection<{ _id: number; v?: unknown }>('types');
    await ty.insertMany([
      { _id: 1, v: new Int32(1) },
      { _id: 2, v: new Double(1) },
      { _id: 3, v: Long.fromNumber(1) },
      { _id: 4, v: Decimal128.fromString('1') },
      { _id: 5, v: 'one' },
      { _id: 6, v: [new Double(2.5), 'x'] },
    ]);
    const ids = async (type: unknown) =>
      (
        await ty
          .find({ v: { $type: type } } as Document)
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id);
    expect(await ids('double')).toEqual([2, 6]);
    expect(await ids('int')).toEqual([1]);
    expect(await ids('long')).toEqual([3]);
    expect(await ids('decimal')).toEqual([4]);
    expect(await ids('number')).toEqual([1, 2, 3, 4, 6]);
    expect(await ids(['int', 'string'])).toEqual([1, 5, 6]);
    expect(await ids(16)).toEqual([1]);
    // Combined with other conditions the rest of the filter still applies.
    expect((await ty.find({ v: { $type: 'number', $gte: 1 } } as Document).toArray()).length).toBe(5);
  });
});

// https://www.mongodb.com/docs/manual/core/index-sparse/#sparse-index-on-a-collection-cannot-return-complete-results
test('a hinted sparse index answers from the index: documents without the field are not returned', async () => {
  const sp = t.db('fid').collection<{ _id: number; score?: number }>('sparse');
  await sp.insertMany([{ _id: 1, score: 5 }, { _id: 2 }, { _id: 3, score: 1 }]);
  await sp.createIndex({ score: 1 }, { sparse: true });
  expect((await sp.find().sort({ score: -1 }).toArray()).map((d) => d._id)).toEqual([1, 3, 2]);
  expect((await sp.find().sort({ score: -1 }).hint({ score: 1 }).toArray()).map((d) => d._id)).toEqual([
    1, 3,
  ]);
  expect(await sp.countDocuments({}, { hint: { score: 1 } })).toBe(2);
});

describe('aggregation result types', () => {
  test('$unwind includeArrayIndex gives int64 indexes; $ceil/$floor keep a double a double; whole decimal indexes work', async () => {
    const g = t.db('fid').collection<{ _id: number; arr?: number[]; d?: number }>('aggTypes');
    await g.insertMany([{ _id: 1, arr: [10, 20], d: 1.5 }]);
    const raw = { promoteValues: false, promoteLongs: false } as const;
    const unwound = await g.aggregate([{ $unwind: { path: '$arr', includeArrayIndex: 'i' } }], raw).toArray();
    expect(unwound.map((d) => [d.i instanceof Long, String(d.i)])).toEqual([
      [true, '0'],
      [true, '1'],
    ]);
    const [row] = await g
      .aggregate(
        [
          {
            $project: {
              c: { $ceil: '$d' },
              f: { $floor: '$d' },
              x: { $arrayElemAt: ['$arr', Decimal128.fromString('1')] },
            },
          },
        ],
        raw,
      )
      .toArray();
    expect(row?.c).toEqual(new Double(2));
    expect(row?.f).toEqual(new Double(1));
    expect(row?.x).toEqual(new Int32(20));
  });
});

// https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/
test('maxTimeMS stops a long scan or aggregation with 50 MaxTimeMSExpired', async () => {
  const big = t.db('fid').collection<{ _id: number; s: string }>('big');
  const docs = Array.from({ length: 50_000 }, (_, i) => ({ _id: i, s: `value ${String(i)}` }));
  for (let i = 0; i < docs.length; i += 10_000) await big.insertMany(docs.slice(i, i + 10_000));
  // 50,000 documents decoded and tested take far longer than 1 ms on any machine.
  const slowFilter = { $expr: { $gt: [{ $strLenCP: { $concat: ['$s', '$s'] } }, 0] } };
  const scan = (await serverError(() =>
    big.find(slowFilter, { maxTimeMS: 1 }).toArray(),
  )) as MongoServerError;
  expect([scan.code, scan.codeName]).toEqual([50, 'MaxTimeMSExpired']);
  const agg = (await serverError(() =>
    big.aggregate([{ $group: { _id: { $mod: ['$_id', 7] }, n: { $sum: 1 } } }], { maxTimeMS: 1 }).toArray(),
  )) as MongoServerError;
  expect(agg.code).toBe(50);
  // Without a limit (or with a generous one) the same work completes.
  expect(await big.countDocuments(slowFilter, { maxTimeMS: 600_000 })).toBe(50_000);
}, 120_000);
