import { BSONRegExp, Decimal128, Long, ObjectId, serialize } from 'bson';
import { Query } from 'mingo/query';
import { describe, expect, test } from 'vitest';
import { queryOptionsFor } from './mingo-context.js';
import { translateFilter } from './regex-translate.js';
import { compileSimpleFilter, testOnBytes } from './simple-filter.js';
import { decodeFields } from '../bson/decode-fields.js';
import { MIXED_VALUES, picker, rng, type Doc } from './differential-fixtures.js';

const ID = new ObjectId();
const OTHER_ID = new ObjectId();
/** Stored values: the shared mixed ones, ObjectIds alone and in arrays, int64 and decimal numbers. */
const VALUES: unknown[] = [
  ...MIXED_VALUES,
  ID,
  OTHER_ID,
  [ID, OTHER_ID],
  [OTHER_ID],
  [],
  [null],
  [[1, 2]],
  Long.fromNumber(2),
  Decimal128.fromString('2.5'),
  { x: 1 },
];
const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists'];

describe('filters compiled straight to the query operators', () => {
  test('answer as mingo compiling the same filter, over mixed values, arrays, null and missing fields', () => {
    const r = rng(7);
    const pick = picker(r);
    const operand = (op: string): unknown => {
      if (op === '$exists') return pick([true, false, 0, 1]);
      if (op === '$in' || op === '$nin') return [pick(VALUES.slice(0, -1)), pick(VALUES.slice(0, -1))];
      return pick(VALUES.slice(0, -1));
    };
    let compiled = 0;
    for (let q = 0; q < 2000; q++) {
      const filter: Doc = {};
      for (const field of ['a', 'b'])
        if (r() < 0.7) {
          if (r() < 0.3) filter[field] = pick(VALUES.slice(0, -1));
          else {
            const cond: Doc = {};
            for (let k = 1 + Math.floor(r() * 2); k > 0; k--) {
              const op = pick(OPERATORS);
              cond[op] = operand(op);
            }
            filter[field] = cond;
          }
        }
      const simple = compileSimpleFilter(filter);
      if (!simple) continue;
      compiled++;
      const mingo = new Query(translateFilter(filter), queryOptionsFor(filter));
      for (let d = 0; d < 10; d++) {
        const doc: Doc = { _id: d };
        if (r() < 0.85) doc.a = pick(VALUES);
        if (r() < 0.85) doc.b = pick(VALUES);
        expect(simple.test(doc), JSON.stringify({ filter, doc })).toBe(mingo.test(doc));
      }
    }
    expect(compiled).toBeGreaterThan(1500);
  });

  test('what a submit filters with is compiled here; other shapes are left to mingo', () => {
    expect(compileSimpleFilter({ _id: ID, userId: OTHER_ID, countedIds: { $ne: ID } })).toBeDefined();
    expect(compileSimpleFilter({ userId: ID, month: '2026-11', used: { $lt: 1e9 } })).toBeDefined();
    for (const filter of [
      { $or: [{ a: 1 }] },
      { $comment: 'x', a: 1 },
      { a: /x/ },
      { a: new BSONRegExp('x') },
      { a: { $in: [/x/] } },
      { a: { $regex: 'x' } },
      { a: { x: 1 } },
      { a: {} },
      { a: [{ x: 1 }] },
      { a: { $eq: { x: 1 } } },
      { a: { $elemMatch: { $gt: 1 } } },
      { a: { $type: 'string' } },
      { a: { $eq: 1, b: 1 } },
    ])
      expect(compileSimpleFilter(filter), JSON.stringify(filter)).toBeUndefined();
  });

  test('an operator given a bad value is refused as mingo refuses it', () => {
    expect(() => compileSimpleFilter({ a: { $in: 1 } })).toThrow('$in needs an array');
    expect(() => new Query({ a: { $in: 1 } }, queryOptionsFor({}))).toThrow('$in needs an array');
  });

  test('ObjectId conditions read on the stored bytes answer as mingo on the decoded document', () => {
    const r = rng(11);
    const pick = picker(r);
    const ids = [ID, OTHER_ID, new ObjectId()];
    const stored: unknown[] = [
      ...ids,
      ids,
      [OTHER_ID],
      [],
      [ID, 'x'],
      [[ID]],
      null,
      'a',
      { x: ID },
      Array.from({ length: 200 }, () => new ObjectId()),
    ];
    let decided = 0;
    for (let q = 0; q < 500; q++) {
      const filter: Doc = {};
      filter.a = pick([ID, { $eq: OTHER_ID }, { $ne: ID }, { $ne: OTHER_ID }]);
      if (r() < 0.5) filter.b = pick([ID, { $ne: ID }, 'a', { $lt: 3 }, null, { $exists: false }]);
      const simple = compileSimpleFilter(filter);
      expect(simple?.onBytes).toBeDefined();
      if (!simple) continue;
      const mingo = new Query(translateFilter(filter), queryOptionsFor(filter));
      for (let d = 0; d < 5; d++) {
        const doc: Doc = { _id: d };
        if (r() < 0.9) doc.a = pick(stored);
        if (r() < 0.7) doc.b = pick(stored.concat([2, 'a']));
        const raw = Buffer.from(serialize(doc));
        const onBytes = testOnBytes(simple, raw, (fields) => decodeFields(raw, fields));
        if (onBytes === undefined) continue;
        decided++;
        expect(onBytes, JSON.stringify({ filter, doc })).toBe(mingo.test(doc));
      }
    }
    expect(decided).toBeGreaterThan(2000);
  });

  test('a field stored twice, or an array of other values, is left to the decode', () => {
    const simple = compileSimpleFilter({ a: { $ne: ID } });
    if (!simple) throw new Error('not compiled');
    const once = Buffer.from(serialize({ a: ID }));
    const element = once.subarray(4, once.length - 1);
    const twice = Buffer.concat([Buffer.alloc(4), element, element, Buffer.from([0])]);
    twice.writeInt32LE(twice.length, 0);
    const decode = () => ({});
    expect(testOnBytes(simple, twice, decode)).toBeUndefined();
    expect(testOnBytes(simple, Buffer.from(serialize({ a: [ID, 1] })), decode)).toBeUndefined();
    expect(testOnBytes(simple, Buffer.from(serialize({ a: [ID] })), decode)).toBe(false);
    expect(testOnBytes(simple, Buffer.from(serialize({ b: ID })), decode)).toBe(true);
  });
});
