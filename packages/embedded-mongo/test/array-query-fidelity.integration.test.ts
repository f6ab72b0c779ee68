import { MaxKey, MinKey, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

// Queries on arrays and embedded documents as mongod answers them. Sources: the manual's
// $elemMatch (query) page and ElemMatchValueMatchExpression in
// src/mongo/db/matcher/expression_array.cpp (each element tested whole; a nested $elemMatch
// enters an element that is an array); the manual's "$ (projection)" page (the array keeps its
// path: `{'x.a.$': 1}` answers `{x: {a: [element]}}`, also below `_id`); MongoDB's jstest
// core/write/update/update_arraymatch8.js (DBRef fields `$ref`/`$id` are paths like any other,
// queried with and without an index on them); the manual's $ne/$nin and "Query for Null or
// Missing Fields" pages (an element without the field counts as null); ComparisonMatchExpressionBase
// in src/mongo/db/matcher/expression_leaf.cpp (a range above MinKey or below MaxKey crosses every
// type bracket, a missing field included); the manual's "Multikey Indexes" page and mongod's key
// generator (a field name does not enter an array nested in an array, in index keys as in queries).
let t: TestEngine;
let n = 0;
const fresh = async (docs: Document[], index?: Document): Promise<Collection> => {
  const coll = t.db('arrays').collection(`c${String(n++)}`);
  if (index) await coll.createIndex(index);
  await coll.insertMany(docs);
  return coll;
};
const ids = async (coll: Collection, filter: Document) =>
  (await coll.find(filter).toArray()).map((d) => Number(d._id)).sort((a, b) => a - b);

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

describe('$elemMatch on values', () => {
  test('a nested $elemMatch enters elements that are arrays; other conditions see them whole', async () => {
    const coll = await fresh([
      { _id: 1, a: [[1, 2], [3]] },
      { _id: 2, a: [3] },
      { _id: 3, a: 3 },
    ]);
    expect(await ids(coll, { a: { $elemMatch: { $elemMatch: { $eq: 3 } } } })).toEqual([1]);
    expect(await ids(coll, { a: { $elemMatch: { $eq: 3 } } })).toEqual([2]);
    expect(await ids(coll, { a: { $elemMatch: { $size: 1 } } })).toEqual([1]);
    // A scalar field is no array: $elemMatch never matches it.
    expect(await ids(coll, { a: { $elemMatch: { $gte: 3 } } })).toEqual([2]);
  });
});

describe('$ne / $nin against arrays and missing fields', () => {
  test('an array of arrays holding the value, and elements lacking the field', async () => {
    const coll = await fresh([
      { _id: 1, a: [[1, 2], 3] },
      { _id: 2, a: [1, 2] },
      { _id: 3 },
      { _id: 4, b: [{ c: 1 }, { d: 2 }] },
      { _id: 5, b: [{ c: 1 }] },
    ]);
    expect(await ids(coll, { a: { $ne: [1, 2] } })).toEqual([3, 4, 5]);
    expect(await ids(coll, { a: { $nin: [[1, 2], 7] } })).toEqual([3, 4, 5]);
    expect(await ids(coll, { 'b.c': { $ne: null } })).toEqual([5]);
    expect(await ids(coll, { 'b.c': { $nin: [null] } })).toEqual([5]);
  });
});

describe('positional projection of an array below an embedded document', () => {
  test('keeps the path to the array, also under _id', async () => {
    const coll = await fresh([{ _id: { a: [{ b: 1 }, { b: 2 }] }, x: { a: [{ b: 1 }, { b: 2 }] }, y: 1 }]);
    expect(await coll.find({ '_id.a.b': 2 }, { projection: { '_id.a.$': 1 } }).toArray()).toEqual([
      { _id: { a: [{ b: 2 }] } },
    ]);
    expect(await coll.find({ 'x.a.b': 2 }, { projection: { 'x.a.$': 1, _id: 0, y: 1 } }).toArray()).toEqual([
      { x: { a: [{ b: 2 }] }, y: 1 },
    ]);
  });
});

describe('DBRef fields in paths', () => {
  test('a.b.$ref and a.0.b.$id are read with and without an index', async () => {
    for (const index of [undefined, { 'a.b.$ref': 1 }]) {
      const coll = await fresh(
        [
          { _id: 1, a: [{ b: { $ref: 'old', $id: 0 } }] },
          { _id: 2, a: [] },
        ],
        index,
      );
      expect(await ids(coll, { 'a.b.$ref': 'old' })).toEqual([1]);
      expect(await ids(coll, { 'a.0.b.$id': 0 })).toEqual([1]);
      expect(await ids(coll, { 'a.b.$ref': 'new' })).toEqual([]);
    }
  });
});

describe('type bracketing, scanned and through a hinted index alike', () => {
  const both = async (coll: Collection, filter: Document) => {
    const scanned = await ids(coll, filter);
    const hinted = (await coll.find(filter).hint({ a: 1 }).toArray())
      .map((d) => Number(d._id))
      .sort((x, y) => x - y);
    expect(hinted).toEqual(scanned);
    return scanned;
  };

  test('MinKey/MaxKey ranges reach every type and missing fields; others stay in their bracket', async () => {
    const coll = await fresh(
      [
        { _id: 1, a: 'x' },
        { _id: 2, a: 5 },
        { _id: 3, a: [1, 'y'] },
        { _id: 4, a: null },
        { _id: 5 },
        { _id: 6, a: [] },
        { _id: 7, a: [[3]] },
      ],
      { a: 1 },
    );
    expect(await both(coll, { a: { $gt: new MinKey() } })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await both(coll, { a: { $lte: new MaxKey() } })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await both(coll, { a: { $gt: 2 } })).toEqual([2]);
    expect(await both(coll, { a: { $lt: 'z' } })).toEqual([1, 3]);
    expect(await both(coll, { a: { $type: 'number' } })).toEqual([2, 3]);
    expect(await both(coll, { a: { $type: 'array' } })).toEqual([3, 6, 7]);
  });

  test('an index on a.b does not enter arrays nested in a', async () => {
    const coll = await fresh(
      [
        { _id: 1, a: [[{ b: 1 }]] },
        { _id: 2, a: [{ b: 1 }] },
        { _id: 3, a: [[{ b: 2 }], { b: 3 }] },
      ],
      { 'a.b': 1 },
    );
    for (const [filter, want] of [
      [{ 'a.b': 1 }, [2]],
      [{ 'a.b': 2 }, []],
      [{ 'a.b': { $gte: 1 } }, [2, 3]],
      [{ 'a.0.b': 1 }, [1, 2]],
    ] as [Document, number[]][]) {
      expect(await ids(coll, filter)).toEqual(want);
      const hinted = await coll.find(filter).hint({ 'a.b': 1 }).toArray();
      expect(hinted.map((d) => Number(d._id)).sort((x, y) => x - y)).toEqual(want);
    }
  });
});
