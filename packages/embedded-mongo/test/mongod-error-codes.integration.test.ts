import type { Collection, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectFirst, serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// Each case answers as mongod's classic expression evaluator and match expression parser do:
// codes and texts read in MongoDB's source, src/mongo/db/pipeline/expression.cpp
// (ExpressionConcatArrays, ExpressionSingleNumericArg for $ceil/$floor, ExpressionDivide,
// ExpressionIfNull::parse, ExpressionDateToString::parse, ExpressionDateFromParts),
// src/mongo/db/query/datetime/date_time_support.cpp (TimeZone::validateFormat) and
// src/mongo/db/matcher/expression_parser.cpp (parseComparison, parseInExpression, $ne), and the
// manual's pages of each operator. $anyElementTrue keeps the classic 17041: mongod's own list of
// equivalent codes (jstests/libs/sbe_assert_error_override.js) pairs it with SBE's 5159200.
let t: TestEngine;
let one: Collection;
let q: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  one = t.db('codes').collection('one');
  await one.insertOne({ _id: 1, s: 'text', n: 3, d: new Date(Date.UTC(2024, 0, 2)) } as Document);
  q = t.db('codes').collection('q');
  await q.insertMany([{ _id: 1, a: 'abc' }, { _id: 2, a: [1, 2] }, { _id: 3 }] as Document[]);
});
afterAll(async () => {
  await t.stop();
});

const value = async (expr: Document): Promise<unknown> => (await projectFirst(one, { r: expr })).r;
const failure = async (expr: Document) => {
  const err = await serverError(() => projectFirst(one, { r: expr }));
  return [err.code, err.message];
};

describe('aggregation expressions refuse with their own codes', () => {
  test('$concatArrays of a non-array → 28664; null or missing → null', async () => {
    expect(await failure({ $concatArrays: ['$s', [1]] })).toEqual([
      28664,
      '$concatArrays only supports arrays, not string',
    ]);
    expect(await value({ $concatArrays: [[1], '$missing'] })).toBeNull();
    expect(await value({ $concatArrays: [[1], [2, 3]] })).toEqual([1, 2, 3]);
  });

  test('$ceil/$floor of a non-number → 28765; null → null', async () => {
    expect(await failure({ $ceil: '$s' })).toEqual([28765, '$ceil only supports numeric types, not string']);
    expect(await failure({ $floor: '$d' })).toEqual([28765, '$floor only supports numeric types, not date']);
    expect(await value({ $floor: '$missing' })).toBeNull();
  });

  test('$divide of a non-number → 16609, by zero → 16608, of null → null', async () => {
    expect(await failure({ $divide: ['$s', 2] })).toEqual([
      16609,
      '$divide only supports numeric types, not string and int',
    ]);
    expect(await failure({ $divide: ['$n', 0] })).toEqual([16608, "can't $divide by zero"]);
    expect(await value({ $divide: ['$missing', 0] })).toBeNull();
    expect(await value({ $divide: ['$n', 2] })).toBe(1.5);
  });

  test('$ifNull with fewer than two arguments → 1257300, also over no documents', async () => {
    expect(await failure({ $ifNull: ['$s'] })).toEqual([
      1257300,
      '$ifNull needs at least two arguments, had: 1',
    ]);
    const empty = t.db('codes').collection('empty');
    const err = await serverError(() => empty.aggregate([{ $project: { r: { $ifNull: [] } } }]).toArray());
    expect([err.code, err.message]).toEqual([1257300, '$ifNull needs at least two arguments, had: 0']);
  });

  test('$anyElementTrue of a non-array keeps the classic engine code 17041', async () => {
    expect((await failure({ $anyElementTrue: ['$s'] }))[0]).toBe(17041);
  });

  test('$dateToString: no date → 18628, unknown field → 18534, bad format → 18535/18536', async () => {
    expect(await failure({ $dateToString: { format: '%Y' } })).toEqual([
      18628,
      "Missing 'date' parameter to $dateToString",
    ]);
    expect(await failure({ $dateToString: { date: '$d', fmt: '%Y' } })).toEqual([
      18534,
      'Unrecognized argument to $dateToString: fmt',
    ]);
    expect(await failure({ $dateToString: { date: '$d', format: '%Y%' } })).toEqual([
      18535,
      "Unmatched '%' at end of format string",
    ]);
    expect(await failure({ $dateToString: { date: '$d', format: '%Q' } })).toEqual([
      18536,
      "Invalid format character '%Q' in format string",
    ]);
    expect(await value({ $dateToString: { date: '$d', format: '%Y%%' } })).toBe('2024%');
  });

  test('$dateFromParts: a null or missing part → null, a non-integer part → 40515, a year out of range → 40523', async () => {
    expect(await value({ $dateFromParts: { year: '$missing' } })).toBeNull();
    expect(await value({ $dateFromParts: { year: 2024, month: null } })).toBeNull();
    expect(await failure({ $dateFromParts: { year: '$s' } })).toEqual([
      40515,
      '\'year\' must evaluate to an integer, found string with value "text"',
    ]);
    expect((await failure({ $dateFromParts: { year: 2024, day: 1.5 } }))[0]).toBe(40515);
    expect(await failure({ $dateFromParts: { year: 0 } })).toEqual([
      40523,
      "'year' must evaluate to an integer in the range 1 to 9999, found 0",
    ]);
    expect(await value({ $dateFromParts: { year: 2024, month: 2, day: 3.0 } })).toEqual(
      new Date(Date.UTC(2024, 1, 3)),
    );
  });
});

describe('filters mongod refuses when it parses them', () => {
  const refusal = async (filter: Document) => {
    const err = await serverError(() => q.find(filter).toArray());
    return [err.code, err.message];
  };

  test('$gt/$gte/$lt/$lte with a regex → 2, naming the field; $ne with one → 2', async () => {
    for (const op of ['$gt', '$gte', '$lt', '$lte'])
      expect(await refusal({ 'a.b': { [op]: /x/ } })).toEqual([
        2,
        "Can't have RegEx as arg to predicate over field 'a.b'.",
      ]);
    expect(await refusal({ a: { $ne: /x/ } })).toEqual([2, "Can't have regex as arg to $ne."]);
    // In an aggregation's $match and an update's filter as well.
    const err = await serverError(() => q.aggregate([{ $match: { a: { $lt: /x/ } } }]).toArray());
    expect(err.code).toBe(2);
    expect((await serverError(() => q.updateMany({ a: { $gte: /x/ } }, { $set: { b: 1 } }))).code).toBe(2);
  });

  test('$in/$nin holding an operator document → 2 "cannot nest $ under $in"', async () => {
    expect(await refusal({ a: { $in: [1, { $elemMatch: { $gt: 1 } }] } })).toEqual([
      2,
      'cannot nest $ under $in',
    ]);
    expect(await refusal({ a: { $nin: [{ $gt: 1 }] } })).toEqual([2, 'cannot nest $ under $in']);
  });

  test('an $in of values and regexes matches either, documents and DBRef-shaped values stay values', async () => {
    const ids = (await q.find({ a: { $in: [2, /^ab/] } }).toArray()).map((d) => Number(d._id));
    expect(ids.sort((x, y) => x - y)).toEqual([1, 2]);
    expect(await q.find({ a: { $in: [{ b: 1 }] } }).toArray()).toEqual([]);
    expect(await q.find({ a: { $in: [{ $ref: 'x', $id: 1 }] } }).toArray()).toEqual([]);
  });
});
