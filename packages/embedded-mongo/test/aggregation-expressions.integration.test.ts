import { Int32, Long, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectFirst, serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// Expectations from MongoDB's jstests aggregation/expressions/indexof_codepoints.js (and the
// $indexOfBytes/$indexOfCP codes of mongod's expression evaluator), jstests
// aggregation/expressions/date_trunc.js with the manual's $dateTrunc page (constant arguments are
// checked when the pipeline is parsed), the manual's $lookup page ("Correlated Subqueries Using
// Concise Syntax", MongoDB 5.0) and the manual's comparison expression pages with its BSON
// comparison order (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/),
// where aggregation compares a missing field below null; jstests aggregation/expressions/
// switch_errors.js for $switch (refused when parsed, the collection being empty there); the
// manual's $setWindowFields page (a running $sum, $rank, $max over a documents window).
let t: TestEngine;
let one: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  one = t.db('expressions').collection('one');
  await one.insertOne({ _id: 1, n: 3 } as Document);
});
afterAll(async () => {
  await t.stop();
});

const value = async (expr: Document): Promise<unknown> => (await projectFirst(one, { r: expr })).r;
const codeOf = async (expr: Document, coll: Collection = one) =>
  (await serverError(() => projectFirst(coll, { r: expr }))).code;

describe('$indexOfCP and $indexOfBytes', () => {
  test('positions in code points, start and end indexes as mongod reads them', async () => {
    const cases: [unknown[], number][] = [
      [['∫aƒ', 'ƒ'], 2],
      [['a∫c', 'd'], -1],
      [['∫b∫ba', 'b', 2], 3],
      [['ab∫de', 'd', 0, 3], -1],
      [['ab∫de', 'd', 0, 4], 3],
      [['øƒc', 'ƒ', 0, 10], 1],
      [['abcbabc', 'b', 2, 4], 3],
      [['abc', 'b', 3], -1],
      [['a√cb', 'b', 3, 1], -1],
      [['', '∫'], -1],
      [[' ', ''], 0],
      [['', ''], 0],
      [['', '', 3], -1],
      [['abc', '', 1], 1],
      [['abcƒe', 'ƒe'], 3],
      [['∫aeøø', 'øøø'], -1],
      [['ab∫\0d', 'd'], 4],
    ];
    for (const [args, expected] of cases)
      expect([args, await value({ $indexOfCP: args })]).toEqual([args, expected]);
    expect(await value({ $indexOfCP: [null, '√'] })).toBeNull();
    expect(await value({ $indexOfBytes: ['∫aƒ', 'ƒ'] })).toBe(4);
    expect(await value({ $indexOfBytes: ['abcd', 'cd', 0, 3] })).toBe(-1);
  });

  test('bad arguments answer 40091-40097', async () => {
    expect(await codeOf({ $indexOfCP: [3, 's'] })).toBe(40093);
    expect(await codeOf({ $indexOfCP: ['s', 3] })).toBe(40094);
    expect(await codeOf({ $indexOfCP: ['abc', 'b', 'bad'] })).toBe(40096);
    expect(await codeOf({ $indexOfCP: ['abc', 'b', 0, 'bad'] })).toBe(40096);
    expect(await codeOf({ $indexOfCP: ['abc', 'b', -1] })).toBe(40097);
    expect(await codeOf({ $indexOfCP: ['abc', 'b', 1, -1] })).toBe(40097);
    expect(await codeOf({ $indexOfBytes: [1, 'a'] })).toBe(40091);
    expect(await codeOf({ $indexOfBytes: ['a', 1] })).toBe(40092);
    expect(await codeOf({ $indexOfCP: ['a'] })).toBe(28667);
  });
});

describe('comparison expressions compare in BSON order', () => {
  test('across types, and a missing value below null', async () => {
    expect(await value({ $gt: ['$n', null] })).toBe(true);
    expect(await value({ $gt: ['$n', '$missing'] })).toBe(true);
    expect(await value({ $eq: ['$missing', null] })).toBe(false);
    expect(await value({ $lt: ['$missing', null] })).toBe(true);
    expect(await value({ $cmp: ['a', 1] })).toBe(1);
    expect(await value({ $lt: [{ a: 1 }, [1]] })).toBe(true);
    expect(
      await value({ $eq: [Long.fromString('9007199254740993'), Long.fromString('9007199254740992')] }),
    ).toBe(false);
    expect(await value({ $eq: [new Int32(3), 3.0] })).toBe(true);
    expect(await one.countDocuments({ $expr: { $eq: ['$missing', null] } })).toBe(0);
  });
});

describe('$lookup with localField, foreignField and a pipeline', () => {
  test('the pipeline runs over the joined documents only, with let variables', async () => {
    const db = t.db('lookupConcise');
    await db.collection('orders').insertMany([
      { _id: 1, item: Long.fromNumber(5), qty: 2 },
      { _id: 2, item: 7, qty: 1 },
      { _id: 3, qty: 0 },
    ] as Document[]);
    await db.collection('stock').insertMany([
      { _id: 10, sku: new Int32(5), n: 100 },
      { _id: 11, sku: 5.0, n: 1 },
      { _id: 12, sku: 7, n: 0 },
      { _id: 13, sku: null, n: 3 },
    ] as Document[]);
    const joined = await db
      .collection('orders')
      .aggregate([
        {
          $lookup: {
            from: 'stock',
            localField: 'item',
            foreignField: 'sku',
            let: { q: '$qty' },
            pipeline: [{ $match: { $expr: { $gt: ['$n', '$$q'] } } }, { $project: { _id: 1 } }],
            as: 'j',
          },
        },
        { $project: { j: 1 } },
      ])
      .toArray();
    expect(joined).toEqual([
      { _id: 1, j: [{ _id: 10 }] },
      { _id: 2, j: [] },
      { _id: 3, j: [{ _id: 13 }] },
    ]);
  });
});

describe('$dateTrunc constants are checked when the pipeline is parsed', () => {
  test('over an empty collection, as mongod', async () => {
    const empty = t.db('expressions').collection('empty');
    const trunc = (spec: Document) => ({ $dateTrunc: { date: '$d', ...spec } });
    expect(await codeOf(trunc({ unit: 'century' }), empty)).toBe(5439014);
    expect(await codeOf(trunc({ unit: 5 }), empty)).toBe(5439013);
    expect(await codeOf(trunc({ unit: 'day', timezone: 'America/Invalid' }), empty)).toBe(40485);
    expect(await codeOf(trunc({ unit: 'day', binSize: 0 }), empty)).toBe(5439018);
    expect(await codeOf(trunc({ unit: 'week', startOfWeek: 'FRIDIE' }), empty)).toBe(5439016);
    expect(await codeOf({ $dateTrunc: { date: 'x', unit: 'day' } }, empty)).toBe(5439012);
    expect(await codeOf({ $dateTrunc: { date: '$d' } }, empty)).toBe(5439010);
    // Arguments read from documents can only be checked on a document.
    expect(await empty.aggregate([{ $project: { r: trunc({ unit: '$u' }) } }]).toArray()).toEqual([]);
  });
});

describe('$switch and $cond are checked when the pipeline is parsed', () => {
  test('mongod codes 40060-40068 and 17080-17083, over an empty collection', async () => {
    const empty = t.db('expressions').collection('emptySwitch');
    const cases: [Document, number][] = [
      [{ $switch: 'not an object' }, 40060],
      [{ $switch: { branches: 'not an array' } }, 40061],
      [{ $switch: { branches: ['not an object'] } }, 40062],
      [{ $switch: { branches: [{ case: true, then: false, badKey: 1 }] } }, 40063],
      [{ $switch: { branches: [{}] } }, 40064],
      [{ $switch: { branches: [{ case: 1 }] } }, 40065],
      [{ $switch: { notAnArgument: 1 } }, 40067],
      [{ $switch: { branches: [] } }, 40068],
      [{ $switch: {} }, 40068],
      [{ $cond: { then: 1, else: 2 } }, 17080],
      [{ $cond: { if: 1, else: 2 } }, 17081],
      [{ $cond: { if: 1, then: 2 } }, 17082],
      [{ $cond: { if: 1, then: 2, else: 3, x: 1 } }, 17083],
    ];
    for (const [expr, code] of cases) expect([expr, await codeOf(expr, empty)]).toEqual([expr, code]);
    const noMatch = { $switch: { branches: [{ case: { $eq: ['$n', 0] }, then: 1 }] } };
    expect(await codeOf(noMatch)).toBe(40066);
  });
});

describe('$setWindowFields', () => {
  test('running sums, ranks and windowed maxima per partition', async () => {
    const w = t.db('expressions').collection('windows');
    await w.insertMany([
      { _id: 1, g: 'a', v: 2 },
      { _id: 2, g: 'a', v: 3 },
      { _id: 3, g: 'b', v: 10 },
    ] as Document[]);
    const out = await w
      .aggregate([
        {
          $setWindowFields: {
            partitionBy: '$g',
            sortBy: { _id: 1 },
            output: {
              total: { $sum: '$v', window: { documents: ['unbounded', 'current'] } },
              rank: { $rank: {} },
              most: { $max: '$v', window: { documents: [-1, 0] } },
            },
          },
        },
        { $sort: { _id: 1 } },
        { $project: { _id: 1, total: 1, rank: 1, most: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 1, total: 2, rank: 1, most: 2 },
      { _id: 2, total: 5, rank: 2, most: 3 },
      { _id: 3, total: 10, rank: 1, most: 10 },
    ]);
  });
});
