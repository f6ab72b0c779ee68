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

// Result types and equality of numbers in aggregation, from MongoDB's manual (the operator pages of
// $mod, $pow, $round, $trunc, $bitAnd/$bitOr/$bitXor/$bitNot, $setUnion and its siblings, $in,
// $addToSet, $lookup, $cond, $and/$or/$not, $substrCP, and "Comparison/Sort Order": numbers of
// every type compare by value) and mongod's jstests (aggregation/expressions: substrCP.js,
// bitwise.js, pow.js, round_trunc.js, set operators), in our own words. A client that does not
// promote values sees Int32/Long/Double/Decimal128 exactly as the server wrote them.
const typed = typedEngineHooks();
let c: Collection;
beforeAll(async () => {
  c = typed.db('numbers').collection('c');
  await c.insertOne({
    _id: 1,
    d2: new Double(2),
    i3: new Int32(3),
    l7: Long.fromNumber(7),
    zeroL: Long.fromNumber(0),
    zeroDec: Decimal128.fromString('0.00'),
  } as Document);
});

const project = (fields: Document) => projectFirst(c, fields);
/** The error code of a refused expression (the typed client reads it as an Int32). */
const refusal = async (expression: Document) =>
  Number(
    ((await serverError(() => c.aggregate([{ $project: { x: expression } }]).toArray())) as MongoServerError)
      .code,
  );

describe('a whole double stored in a document stays a double in aggregation', () => {
  test('$type, $add with an int32, the value itself and $sum over it', async () => {
    expect(await project({ type: { $type: '$d2' }, add: { $add: ['$d2', '$i3'] }, same: '$d2' })).toEqual({
      type: 'double',
      add: new Double(5),
      same: new Double(2),
    });
    const [group] = await c.aggregate([{ $group: { _id: null, s: { $sum: '$d2' } } }]).toArray();
    expect(group?.s).toEqual(new Double(2));
  });
});

describe('a pipeline-style update reads a stored whole double as a double', () => {
  test('$add to it is a double, and the field it leaves alone stays a double', async () => {
    const coll = typed.db('numbers').collection<{ _id: number } & Document>('updates');
    await coll.insertOne({ _id: 1, d: new Double(2), i: new Int32(1) });
    await coll.updateOne({ _id: 1 }, [{ $set: { sum: { $add: ['$d', '$i'] }, type: { $type: '$d' } } }]);
    expect(await coll.findOne({ _id: 1 })).toEqual({
      _id: new Int32(1),
      d: new Double(2),
      i: new Int32(1),
      sum: new Double(3),
      type: 'double',
    });
  });
});

describe('int64 literals written in the pipeline stay int64', () => {
  test('$add of an int32 field and NumberLong(5), $literal and $type of one', async () => {
    expect(
      await project({
        add: { $add: ['$i3', Long.fromNumber(5)] },
        literal: { $literal: Long.fromNumber(5) },
        type: { $type: Long.fromNumber(5) },
      }),
    ).toEqual({ add: Long.fromNumber(8), literal: Long.fromNumber(5), type: 'long' });
  });
});

describe('a NumberLong(1) in $project is an inclusion flag, in an expression an int64', () => {
  test('the field is kept and the sum is an int64', async () => {
    const [doc] = await c
      .aggregate([{ $project: { l7: Long.fromNumber(1), x: { $add: ['$i3', Long.fromNumber(1)] } } }])
      .toArray();
    expect(doc).toEqual({ _id: new Int32(1), l7: Long.fromNumber(7), x: Long.fromNumber(4) });
  });
});

describe('$mod, $pow, $round, $trunc keep MongoDB result types', () => {
  test('$mod: the wider integer type; a double dividend a double; a decimal a decimal', async () => {
    expect(
      await project({
        long: { $mod: ['$l7', 2] },
        int: { $mod: ['$i3', 2] },
        wholeDoubleDivisor: { $mod: ['$l7', '$d2'] },
        double: { $mod: [7.5, 2] },
        negative: { $mod: [Long.fromNumber(-7), 2] },
        decimal: { $mod: [Decimal128.fromString('7.5'), 2] },
        none: { $mod: [null, 2] },
      }),
    ).toEqual({
      long: Long.fromNumber(1),
      int: new Int32(1),
      wholeDoubleDivisor: Long.fromNumber(1),
      double: new Double(1.5),
      negative: Long.fromNumber(-1),
      decimal: Decimal128.fromString('1.5'),
      none: null,
    });
    expect(await refusal({ $mod: ['$l7', Long.fromNumber(0)] })).toBe(16610);
    expect(await refusal({ $mod: ['$l7', 'a'] })).toBe(16611);
  });

  test('$pow: int32 results that fit, else int64; int64 inputs int64; doubles double', async () => {
    expect(
      await project({
        int: { $pow: [2, 3] },
        intToLong: { $pow: [2, 31] },
        long: { $pow: ['$l7', 2] },
        negativeExponent: { $pow: [2, -1] },
        double: { $pow: ['$d2', 2] },
        longOverflow: { $pow: [Long.fromNumber(10), 19] },
      }),
    ).toEqual({
      int: new Int32(8),
      intToLong: Long.fromNumber(2 ** 31),
      long: Long.fromNumber(49),
      negativeExponent: new Double(0.5),
      double: new Double(4),
      longOverflow: new Double(1e19),
    });
    expect(await refusal({ $pow: [0, -1] })).toBe(28764);
  });

  test('$round (half to even) and $trunc keep int32/int64 types at negative places', async () => {
    expect(
      await project({
        longDown: { $round: [Long.fromNumber(1250), -2] },
        longUp: { $round: [Long.fromNumber(1350), -2] },
        int: { $round: [new Int32(25), -1] },
        intWhole: { $round: ['$i3', 0] },
        trunc: { $trunc: [Long.fromNumber(-1299), -2] },
        truncPlain: { $trunc: '$l7' },
        double: { $round: [2.5, 0] },
      }),
    ).toEqual({
      longDown: Long.fromNumber(1200),
      longUp: Long.fromNumber(1400),
      int: new Int32(20),
      intWhole: new Int32(3),
      trunc: Long.fromNumber(-1200),
      truncPlain: Long.fromNumber(7),
      double: new Double(2),
    });
  });
});

describe('bitwise expressions (int32 and int64 only)', () => {
  test('int32 operands give an int32, any int64 operand an int64', async () => {
    expect(
      await project({
        and: { $bitAnd: [12, 10] },
        andLong: { $bitAnd: [Long.fromNumber(12), 10] },
        or: { $bitOr: ['$l7', 8] },
        xor: { $bitXor: [5, 3] },
        not: { $bitNot: '$zeroL' },
        notInt: { $bitNot: 0 },
        none: { $bitAnd: [1, null] },
      }),
    ).toEqual({
      and: new Int32(8),
      andLong: Long.fromNumber(8),
      or: Long.fromNumber(15),
      xor: new Int32(6),
      not: Long.fromNumber(-1),
      notInt: new Int32(-1),
      none: null,
    });
    expect(await refusal({ $bitAnd: [1, 1.5] })).toBe(14);
    expect(await refusal({ $bitNot: 1.5 })).toBe(14);
    expect(await refusal({ $bitNot: 'a' })).toBe(28765);
  });
});

describe('numbers of different types are equal by value', () => {
  test('set operators and $in keep each element once and its type', async () => {
    const out = await project({
      union: {
        $setUnion: [
          ['$l7', 2],
          [7, 3],
        ],
      },
      intersection: { $setIntersection: [['$l7'], [7, 8]] },
      difference: { $setDifference: [['$l7', 2], [new Double(7)]] },
      equals: { $setEquals: [['$l7'], [new Double(7), 7]] },
      subset: { $setIsSubset: [['$l7'], [7]] },
      inList: { $in: ['$l7', [7]] },
      inDocs: { $in: [{ a: '$l7' }, [{ a: 7 }]] },
      orderMatters: { $in: [{ a: 1, b: 2 }, [{ b: 2, a: 1 }]] },
    });
    // The order is unspecified in the manual; mongod answers a set in BSON order, keeping the first
    // of equal elements met.
    expect(out.union).toEqual([new Int32(2), new Int32(3), Long.fromNumber(7)]);
    expect(out.intersection).toEqual([Long.fromNumber(7)]);
    expect(out.difference).toEqual([new Int32(2)]);
    expect(out).toMatchObject({
      equals: true,
      subset: true,
      inList: true,
      inDocs: true,
      orderMatters: false,
    });
    expect(await refusal({ $setUnion: [[1], 2] })).toBe(17043);
    expect(await refusal({ $setDifference: [[1], 2] })).toBe(17049);
    expect(await refusal({ $setEquals: [[1], 2] })).toBe(17044);
    expect(await refusal({ $setIsSubset: [1, [2]] })).toBe(17046);
  });

  test('$addToSet keeps one of NumberInt(1), NumberLong(1), 1.0; $lookup joins int64 to int32', async () => {
    const db = typed.db('numbers');
    await db.collection<{ _id: number } & Document>('set').insertMany([
      { _id: 1, v: new Int32(1) },
      { _id: 2, v: Long.fromNumber(1) },
      { _id: 3, v: new Double(1) },
      { _id: 4, v: Decimal128.fromString('1.0') },
      { _id: 5, v: new Int32(2) },
    ]);
    const [group] = await db
      .collection('set')
      .aggregate([{ $sort: { _id: 1 } }, { $group: { _id: null, vs: { $addToSet: '$v' } } }])
      .toArray();
    expect(group?.vs).toHaveLength(2);
    await db.collection<{ _id: number } & Document>('orders').insertOne({ _id: 1, item: Long.fromNumber(2) });
    const joined = await db
      .collection('orders')
      .aggregate([{ $lookup: { from: 'set', localField: 'item', foreignField: 'v', as: 'found' } }])
      .toArray();
    expect(joined[0]?.found).toEqual([{ _id: new Int32(5), v: new Int32(2) }]);
  });
});

describe('an int64 or decimal zero is false', () => {
  test('$cond, $switch, $and, $or, $not', async () => {
    expect(
      await project({
        cond: { $cond: ['$zeroL', 'yes', 'no'] },
        condDec: { $cond: { if: '$zeroDec', then: 'yes', else: 'no' } },
        switch: { $switch: { branches: [{ case: '$zeroL', then: 'yes' }], default: 'no' } },
        and: { $and: ['$l7', '$zeroL'] },
        or: { $or: ['$zeroL', '$zeroDec'] },
        not: { $not: ['$zeroL'] },
        emptyStringIsTrue: { $cond: ['', 'yes', 'no'] },
      }),
    ).toEqual({
      cond: 'no',
      condDec: 'no',
      switch: 'no',
      and: false,
      or: false,
      not: true,
      emptyStringIsTrue: 'yes',
    });
  });

  test('$filter conditions and $expr in $match', async () => {
    expect(
      await project({
        kept: {
          $filter: {
            input: [Long.fromNumber(0), Long.fromNumber(2), Decimal128.fromString('0')],
            cond: '$$this',
          },
        },
      }),
    ).toEqual({ kept: [Long.fromNumber(2)] });
    expect(await c.aggregate([{ $match: { $expr: '$zeroL' } }]).toArray()).toEqual([]);
    expect(Number(await c.countDocuments({ $expr: '$l7' }))).toBe(1);
  });

  test('$allElementsTrue and $anyElementTrue', async () => {
    expect(
      await project({
        all: { $allElementsTrue: [[1, '$l7', '$zeroDec']] },
        any: { $anyElementTrue: [['$zeroL', '$zeroDec', false]] },
        allEmpty: { $allElementsTrue: [[]] },
        anyString: { $anyElementTrue: [['', '$zeroL']] },
      }),
    ).toEqual({ all: false, any: false, allEmpty: true, anyString: true });
    expect(await refusal({ $allElementsTrue: [1] })).toBe(17040);
    expect(await refusal({ $anyElementTrue: ['a'] })).toBe(17041);
  });
});

describe('$substrCP arguments (jstests aggregation/expressions/substrCP.js)', () => {
  test('code points, and codes 34450-34455 in mongod order', async () => {
    expect(await project({ s: { $substrCP: ['héllo', 1, 3] }, past: { $substrCP: ['abc', 5, 1] } })).toEqual({
      s: 'éll',
      past: '',
    });
    expect(await refusal({ $substrCP: ['abc', 'x', 1] })).toBe(34450);
    expect(await refusal({ $substrCP: ['abc', 1.5, 1] })).toBe(34451);
    expect(await refusal({ $substrCP: ['abc', 0, 'a'] })).toBe(34452);
    expect(await refusal({ $substrCP: ['abc', 0, NaN] })).toBe(34453);
    expect(await refusal({ $substrCP: ['abc', 0, -1] })).toBe(34454);
    expect(await refusal({ $substrCP: ['abc', -1, 1] })).toBe(34455);
  });
});

describe('argument counts are checked when the pipeline is parsed (16020, 28667)', () => {
  test('a pipeline over an empty collection is refused too', async () => {
    const empty = typed.db('numbers').collection('empty');
    const codeOf = async (pipeline: Document[]) =>
      Number(((await serverError(() => empty.aggregate(pipeline).toArray())) as MongoServerError).code);
    expect(await codeOf([{ $project: { x: { $substrCP: ['a', 1] } } }])).toBe(16020);
    expect(await codeOf([{ $project: { x: { $cond: [true, 1] } } }])).toBe(16020);
    expect(await codeOf([{ $match: { $expr: { $eq: [1] } } }])).toBe(16020);
    expect(await codeOf([{ $facet: { f: [{ $addFields: { x: { $round: [1, 2, 3] } } }] } }])).toBe(28667);
    expect(await codeOf([{ $group: { _id: { $arrayElemAt: [[1]] } } }])).toBe(16020);
    // A query's $in (not an expression) takes any number of values.
    expect(await empty.aggregate([{ $match: { a: { $in: [1, 2, 3] } } }]).toArray()).toEqual([]);
  });
});
