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
import { projectFirst, serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// Expectations from mongod's operator pages and its jstests (aggregation/expressions/
// arrayElemAt.js, substr*.js, aggregation/bugs/groupMissing.js), written here in our own words.
let t: TestEngine;
let c: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  c = t.db('args').collection('c');
  await c.insertOne({ _id: 1, list: [10, 20, 30], text: 'héllo', num: 7 } as Document);
});
afterAll(async () => {
  await t.stop();
});

const project = (fields: Document) => projectFirst(c, fields);
const refusal = async (expression: Document) =>
  (await serverError(() => c.aggregate([{ $project: { x: expression } }]).toArray())) as MongoServerError;

describe('$arrayElemAt (https://www.mongodb.com/docs/manual/reference/operator/aggregation/arrayElemAt/)', () => {
  test('valid indexes, negative indexes, out-of-range indexes and null arguments', async () => {
    expect(
      await project({
        first: { $arrayElemAt: ['$list', 0] },
        last: { $arrayElemAt: ['$list', -1] },
        decimal: { $arrayElemAt: ['$list', Decimal128.fromString('1.0')] },
        whole: { $arrayElemAt: ['$list', 2.0] },
        past: { $arrayElemAt: ['$list', 3] },
        before: { $arrayElemAt: ['$list', -4] },
        noArray: { $arrayElemAt: ['$missing', 0] },
        noIndex: { $arrayElemAt: ['$list', null] },
      }),
    ).toEqual({ first: 10, last: 30, decimal: 20, whole: 30, noArray: null, noIndex: null });
  });

  test('a non-array 28689, a non-numeric index 28690, an index that is not a 32-bit integer 28691', async () => {
    const notArray = await refusal({ $arrayElemAt: ['$num', 0] });
    expect([notArray.code, notArray.message]).toEqual([
      28689,
      "$arrayElemAt's first argument must be an array, but is int",
    ]);
    const notNumber = await refusal({ $arrayElemAt: ['$list', 'a'] });
    expect([notNumber.code, notNumber.message]).toEqual([
      28690,
      "$arrayElemAt's second argument must be a numeric value, but is string",
    ]);
    const fraction = await refusal({ $arrayElemAt: ['$list', 1.5] });
    expect([fraction.code, fraction.message]).toEqual([
      28691,
      "$arrayElemAt's second argument must be representable as a 32-bit integer: 1.5",
    ]);
    expect((await refusal({ $arrayElemAt: ['$list', 2 ** 31] })).code).toBe(28691);
    expect((await refusal({ $arrayElemAt: ['$list'] })).code).toBe(16020);
  });
});

describe('$substrBytes (https://www.mongodb.com/docs/manual/reference/operator/aggregation/substrBytes/)', () => {
  test('byte offsets, a negative length taking the rest, a start past the end, coerced inputs', async () => {
    expect(
      await project({
        head: { $substrBytes: ['$text', 0, 1] },
        accent: { $substrBytes: ['$text', 1, 2] },
        rest: { $substrBytes: ['$text', 3, -1] },
        past: { $substrBytes: ['$text', 50, 2] },
        nothing: { $substrBytes: ['$missing', 0, 2] },
        number: { $substrBytes: [12345, 1, 2] },
      }),
    ).toEqual({ head: 'h', accent: 'é', rest: 'llo', past: '', nothing: '', number: '23' });
  });

  test('mongod codes: 16034, 16035, 50752, 28656, 28657, 16007, 16020', async () => {
    const cases: [Document, number, string][] = [
      [
        { $substrBytes: ['$text', 'a', 1] },
        16034,
        '$substrBytes:  starting index must be a numeric type (is BSON type string)',
      ],
      [
        { $substrBytes: ['$text', 0, null] },
        16035,
        '$substrBytes:  length must be a numeric type (is BSON type null)',
      ],
      [
        { $substrBytes: ['$text', -1, 1] },
        50752,
        '$substrBytes:  starting index must be non-negative (got: -1)',
      ],
      [
        { $substrBytes: ['$text', 2, 1] },
        28656,
        '$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.',
      ],
      [
        { $substrBytes: ['$text', 0, 2] },
        28657,
        '$substrBytes:  Invalid range, ending index is in the middle of a UTF-8 character.',
      ],
      [{ $substrBytes: ['$list', 0, 1] }, 16007, "can't convert from BSON type array to String"],
      [
        { $substrBytes: ['$text', 0] },
        16020,
        'Expression $substrBytes takes exactly 3 arguments. 2 were passed in.',
      ],
    ];
    for (const [expression, code, message] of cases) {
      const err = await refusal(expression);
      expect([err.code, err.message]).toEqual([code, message]);
    }
  });
});

describe('$group keys (https://www.mongodb.com/docs/manual/reference/operator/aggregation/group/)', () => {
  let g: Collection;
  beforeAll(async () => {
    g = t.db('args').collection('groups');
    await g.insertMany([
      { _id: 1, k: new Int32(1) },
      { _id: 2, k: Long.fromNumber(1) },
      { _id: 3, k: new Double(1) },
      { _id: 4, k: Decimal128.fromString('1.0') },
      { _id: 5, k: Decimal128.fromString('1.00') },
      { _id: 6, k: null },
      { _id: 7 },
      { _id: 8, k: { a: 1, b: 2 } },
      { _id: 9, k: { b: 2, a: 1 } },
      { _id: 10, k: Long.fromString('9007199254740993') },
      { _id: 11, k: Decimal128.fromString('9007199254740993') },
      { _id: 12, k: 9007199254740992 },
    ] as Document[]);
  });
  const grouped = async (id: unknown) =>
    g
      .aggregate([
        { $sort: { _id: 1 } },
        { $group: { _id: id, ids: { $push: '$_id' } } },
        { $sort: { ids: 1 } },
      ])
      .toArray();

  test('numbers of every type group by exact value, keyed by the first value met', async () => {
    const groups = await t
      .db('args')
      .collection('groups')
      .aggregate([{ $sort: { _id: 1 } }, { $group: { _id: '$k', ids: { $push: '$_id' } } }])
      .toArray();
    const byIds = Object.fromEntries(groups.map((d) => [JSON.stringify(d.ids), d._id as unknown]));
    expect(Object.keys(byIds).sort()).toEqual(['[1,2,3,4,5]', '[10,11]', '[12]', '[6,7]', '[8]', '[9]']);
    expect(byIds['[1,2,3,4,5]']).toBe(1); // the int32 of document 1
    expect(byIds['[6,7]']).toBeNull();
    expect(await grouped('$k')).toHaveLength(6);
  });

  test('a one-field document key groups null and missing together as {k: null}', async () => {
    const groups = await grouped({ k: '$k' });
    const nullish = groups.filter((d) => (d.ids as number[]).some((id) => id === 6 || id === 7));
    expect(nullish.map((d) => [d._id as unknown, d.ids as unknown])).toEqual([[{ k: null }, [6, 7]]]);
  });

  test('a missing field inside a document key of two fields is left out, so null and missing stay apart there', async () => {
    const groups = await grouped({ k: '$k', one: { $literal: 1 } });
    const nullish = groups.filter((d) => (d.ids as number[]).some((id) => id === 6 || id === 7));
    expect(nullish.map((d) => [d._id as unknown, d.ids as unknown])).toEqual([
      [{ k: null, one: 1 }, [6]],
      [{ one: 1 }, [7]],
    ]);
  });
});
