import {
  Decimal128,
  Double,
  Int32,
  Long,
  type Collection,
  type Document,
  type MongoServerError,
} from 'mongodb';
import { beforeAll, describe, expect, test } from 'vitest';
import { projectFirst, serverError, typedEngineHooks } from './helpers/engine.js';

// Numeric result types of aggregation, from MongoDB's manual (the operator pages of $add,
// $subtract, $multiply, $abs, $toLong, $convert, $sum, $avg, $max, $divide, $size, and of the
// update operators $bit and pipeline-style updates) and the overflow cases of its jstests
// (aggregation/expressions: int32 overflow → int64, int64 overflow → double). A client that does
// not promote values sees Int32/Long/Double/Decimal128 exactly as the server wrote them.
const typed = typedEngineHooks();
let c: Collection;
const INT_MAX = 2147483647;
beforeAll(async () => {
  c = typed.db('types').collection('c');
  await c.insertOne({
    _id: 1,
    l: Long.fromNumber(5),
    negL: Long.fromNumber(-5),
    i: new Int32(3),
    d: new Double(2.5),
    dec: Decimal128.fromString('1.0'),
    maxI: new Int32(INT_MAX),
    minI: new Int32(-INT_MAX - 1),
    maxL: Long.MAX_VALUE,
    minL: Long.MIN_VALUE,
    list: [1, 2, 3],
    s: 'héllo',
    at: new Date(1000),
    before: new Date(400),
  } as Document);
});

const project = (fields: Document) => projectFirst(c, fields);

describe('arithmetic keeps MongoDB types (int32 < int64 < double < decimal)', () => {
  test('$add/$subtract/$multiply with an int64 give int64; with int32 only, int32', async () => {
    expect(
      await project({
        add: { $add: ['$l', 1] },
        sub: { $subtract: ['$l', '$i'] },
        mul: { $multiply: ['$l', 2] },
        intAdd: { $add: ['$i', 1] },
        intMul: { $multiply: ['$i', '$i'] },
        double: { $add: ['$l', 0.5] },
        wholeDouble: { $add: ['$d', 0.5] },
        decimal: { $add: ['$dec', '$l'] },
      }),
    ).toEqual({
      add: Long.fromNumber(6),
      sub: Long.fromNumber(2),
      mul: Long.fromNumber(10),
      intAdd: new Int32(4),
      intMul: new Int32(9),
      double: new Double(5.5),
      wholeDouble: new Double(3),
      decimal: Decimal128.fromString('6.0'),
    });
  });

  test('an int32 overflow gives an int64, an int64 overflow a double', async () => {
    const out = await project({
      intOver: { $add: ['$maxI', 1] },
      intMulOver: { $multiply: ['$maxI', 2] },
      intSubOver: { $subtract: ['$minI', 1] },
      longOver: { $add: ['$maxL', 1] },
      longSubOver: { $subtract: ['$minL', 1] },
    });
    expect(out.intOver).toEqual(Long.fromNumber(INT_MAX + 1));
    expect(out.intMulOver).toEqual(Long.fromNumber(INT_MAX * 2));
    expect(out.intSubOver).toEqual(Long.fromNumber(-INT_MAX - 2));
    expect(out.longOver).toEqual(new Double(2 ** 63));
    expect(out.longSubOver).toEqual(new Double(-(2 ** 63)));
  });

  test('$abs, $ceil, $floor keep the type; |int32 min| is an int64; |int64 min| is refused (28680)', async () => {
    expect(
      await project({
        abs: { $abs: '$negL' },
        absInt: { $abs: '$minI' },
        ceil: { $ceil: '$l' },
        floor: { $floor: '$l' },
        absDouble: { $abs: -2.0 },
      }),
    ).toEqual({
      abs: Long.fromNumber(5),
      absInt: Long.fromNumber(INT_MAX + 1),
      ceil: Long.fromNumber(5),
      floor: Long.fromNumber(5),
      absDouble: new Int32(2), // a whole double literal reaches the server as an int32 from JS
    });
    const err = (await serverError(() =>
      c.aggregate([{ $project: { x: { $abs: '$minL' } } }]).toArray(),
    )) as MongoServerError;
    expect(Number(err.code)).toBe(28680);
  });

  test('$toLong and $convert to long give int64; $size/$strLenCP int32; $divide a double', async () => {
    expect(
      await project({
        toLong: { $toLong: '$i' },
        truncated: { $toLong: 2.9 },
        fromDecimal: { $toLong: '$dec' },
        convert: { $convert: { input: '$i', to: 'long' } },
        size: { $size: '$list' },
        length: { $strLenCP: '$s' },
        divide: { $divide: [4, 2] },
        dates: { $subtract: ['$at', '$before'] },
      }),
    ).toEqual({
      toLong: Long.fromNumber(3),
      truncated: Long.fromNumber(2),
      fromDecimal: Long.fromNumber(1),
      convert: Long.fromNumber(3),
      size: new Int32(3),
      length: new Int32(5),
      divide: new Double(2),
      dates: Long.fromNumber(600), // the difference of two dates in milliseconds, an int64
    });
  });

  test('int64 values compare, convert and pass through like the numbers they are', async () => {
    expect(
      await project({
        eq: { $eq: ['$l', 5] },
        gt: { $gt: ['$l', 4.5] },
        in: { $in: ['$l', [1, 5]] },
        text: { $toString: '$l' },
        type: { $type: '$l' },
        kept: { $ifNull: ['$l', 0] },
        chosen: { $cond: [{ $gt: ['$l', 1] }, '$l', 0] },
        max: { $max: ['$l', '$i', '$d'] },
      }),
    ).toEqual({
      eq: true,
      gt: true,
      in: true,
      text: '5',
      type: 'long',
      kept: Long.fromNumber(5),
      chosen: Long.fromNumber(5),
      max: Long.fromNumber(5),
    });
  });
});

describe('accumulators and stages over int64 values', () => {
  let g: Collection;
  beforeAll(async () => {
    g = typed.db('types').collection('g');
    await g.insertMany([
      { _id: 1, k: 'longs', v: Long.fromNumber(1) },
      { _id: 2, k: 'longs', v: Long.fromNumber(2) },
      { _id: 3, k: 'ints', v: new Int32(1) },
      { _id: 4, k: 'ints', v: new Int32(2) },
      { _id: 5, k: 'mixed', v: Long.fromNumber(10) },
      { _id: 6, k: 'mixed', v: new Int32(9) },
      { _id: 7, k: 'mixed', v: new Double(9.5) },
    ] as Document[]);
  });

  test('$sum of small int64 values is an int64; of int32 values an int32; $avg a double', async () => {
    const out = await g
      .aggregate([
        {
          $group: {
            _id: '$k',
            sum: { $sum: '$v' },
            avg: { $avg: '$v' },
            max: { $max: '$v' },
            min: { $min: '$v' },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 'ints', sum: new Int32(3), avg: new Double(1.5), max: new Int32(2), min: new Int32(1) },
      {
        _id: 'longs',
        sum: Long.fromNumber(3),
        avg: new Double(1.5),
        max: Long.fromNumber(2),
        min: Long.fromNumber(1),
      },
      {
        _id: 'mixed',
        sum: new Double(28.5),
        avg: new Double(9.5),
        max: Long.fromNumber(10),
        min: new Int32(9),
      },
    ]);
  });

  test('a $sort and a $match after other stages order and compare int64 values by value', async () => {
    const sorted = await g
      .aggregate([{ $match: { k: 'mixed' } }, { $project: { v: 1 } }, { $sort: { v: 1 } }])
      .toArray();
    expect(sorted.map((d) => d._id as unknown)).toEqual([new Int32(6), new Int32(7), new Int32(5)]);
    const matched = await g
      .aggregate([{ $project: { v: 1 } }, { $match: { v: { $gte: 2, $lt: 10 } } }])
      .toArray();
    expect(matched.map((d) => d._id as unknown)).toEqual([
      new Int32(2),
      new Int32(4),
      new Int32(6),
      new Int32(7),
    ]);
  });
});

describe('updates computing int64 values', () => {
  test('a pipeline-style update keeps int64 arithmetic an int64', async () => {
    const u = typed.db('types').collection('pipelineUpdate');
    await u.insertOne({ _id: 1, n: Long.fromNumber(5), i: new Int32(1) } as Document);
    await u.updateOne({ _id: 1 } as Document, [{ $set: { n: { $add: ['$n', 1] }, i: { $add: ['$i', 1] } } }]);
    expect(await u.findOne({ _id: 1 } as Document)).toEqual({
      _id: new Int32(1),
      n: Long.fromNumber(6),
      i: new Int32(2),
    });
  });

  test('$bit on an int64 field stores an int64, on an int32 with int32 operands an int32', async () => {
    const u = typed.db('types').collection('bits');
    await u.insertOne({ _id: 1, l: Long.fromNumber(12), i: new Int32(12), m: new Int32(1) } as Document);
    await u.updateOne(
      { _id: 1 } as Document,
      {
        $bit: { l: { and: new Int32(10) }, i: { or: new Int32(3) }, m: { xor: Long.fromNumber(3) } },
      } as Document,
    );
    expect(await u.findOne({ _id: 1 } as Document)).toEqual({
      _id: new Int32(1),
      l: Long.fromNumber(8),
      i: new Int32(15),
      m: Long.fromNumber(2),
    });
  });
});
