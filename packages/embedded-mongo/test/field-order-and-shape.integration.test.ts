import type { Collection, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

// Field order and document shapes as mongod writes them. Sources: MongoDB's jstest
// aggregation/bugs/groupMissing.js and DocumentSourceGroup::computeId in
// src/mongo/db/pipeline/document_source_group.cpp (a one-field document key is that field's value,
// null when missing); the manual's $group page ("_id: null" / a document key); the manual's
// $project page and mongod's inclusion projection (src/mongo/db/exec/inclusion_projection_executor,
// which walks the input document, so kept sub-fields stay in its order); the manual's $addFields
// page ("Adding Fields to an Embedded Document", "Add Element to an Array") with
// ProjectionNode::applyExpressionsToValue (every array element gets the field; an element that is
// not a document is replaced by one).
let t: TestEngine;
let c: (name: string) => Collection;
beforeAll(async () => {
  t = await startTestEngine();
  c = (name) => t.db('shape').collection(name);
});
afterAll(async () => {
  await t.stop();
});

describe('$group keys', () => {
  test('a one-field document key puts null and missing in one group {a: null}', async () => {
    await c('g1').insertMany([{ _id: 1, a: null }, { _id: 2 }, { _id: 3, a: 1 }] as Document[]);
    const groups = await c('g1')
      .aggregate([{ $group: { _id: { a: '$a' }, n: { $sum: 1 } } }, { $sort: { n: -1 } }])
      .toArray();
    expect(groups).toEqual([
      { _id: { a: null }, n: 2 },
      { _id: { a: 1 }, n: 1 },
    ]);
  });

  test('a key of two fields leaves a missing field out, so null and missing stay two groups', async () => {
    await c('g2').insertMany([
      { _id: 1, a: null, b: 1 },
      { _id: 2, b: 1 },
      { _id: 3, a: null, b: 1 },
    ] as Document[]);
    const groups = await c('g2')
      .aggregate([{ $group: { _id: { a: '$a', b: '$b' }, n: { $sum: 1 } } }, { $sort: { n: -1 } }])
      .toArray();
    expect(groups).toEqual([
      { _id: { a: null, b: 1 }, n: 2 },
      { _id: { b: 1 }, n: 1 },
    ]);
  });

  test('an empty document key is one group', async () => {
    await c('g3').insertMany([{ _id: 1 }, { _id: 2, a: 1 }] as Document[]);
    expect(
      await c('g3')
        .aggregate([{ $group: { _id: {}, n: { $sum: 1 } } }])
        .toArray(),
    ).toEqual([{ _id: {}, n: 2 }]);
  });
});

describe('inclusion projections of dotted paths keep the document order', () => {
  test('in $project and in find', async () => {
    await c('p').insertOne({ _id: 1, a: { z: 1, y: 2, x: 3 }, b: { q: 1 } } as Document);
    const spec = { 'a.x': 1, 'a.z': 1 };
    const want = [{ _id: 1, a: { z: 1, x: 3 } }];
    const viaAggregate = await c('p')
      .aggregate([{ $project: spec }])
      .toArray();
    expect(viaAggregate.map((d) => Object.keys(d.a as Document))).toEqual([['z', 'x']]);
    expect(viaAggregate).toEqual(want);
    const viaFind = await c('p').find({}, { projection: spec }).toArray();
    expect(viaFind.map((d) => Object.keys(d.a as Document))).toEqual([['z', 'x']]);
    // Through an array of documents too.
    await c('p').insertOne({ _id: 2, a: [{ z: 1, x: 2, y: 3 }] } as Document);
    const second = await c('p')
      .find({ 'a.y': 3 }, { projection: { 'a.y': 1, 'a.z': 1 } })
      .toArray();
    expect(second.map((d) => (d.a as Document[]).map((el) => Object.keys(el)))).toEqual([[['z', 'y']]]);
  });
});

describe('$addFields / $set into embedded documents and arrays', () => {
  test('a dotted path writes into every element; scalars become documents', async () => {
    await c('a').insertOne({ _id: 1, arr: [{ p: 1 }, { p: 2 }, 5, [{ p: 3 }]], d: { k: 1 } } as Document);
    const [doc] = await c('a')
      .aggregate([{ $addFields: { 'arr.q': '$_id', 'd.m': 2 } }])
      .toArray();
    expect(doc).toEqual({
      _id: 1,
      arr: [{ p: 1, q: 1 }, { p: 2, q: 1 }, { q: 1 }, [{ p: 3, q: 1 }]],
      d: { k: 1, m: 2 },
    });
  });

  test('a nested document of fields merges into the sub-document, as a dotted path does', async () => {
    await c('b').insertOne({ _id: 1, d: { k: 1 }, s: 'x' } as Document);
    const [doc] = await c('b')
      .aggregate([{ $set: { d: { m: 2 }, 's.t': 3 } }])
      .toArray();
    expect(doc).toEqual({ _id: 1, d: { k: 1, m: 2 }, s: { t: 3 } });
  });

  test('an expression evaluating to missing removes the field; new fields come last', async () => {
    await c('m').insertOne({ _id: 1, a: 1, b: 2 } as Document);
    const [doc] = await c('m')
      .aggregate([{ $addFields: { c: 3, a: '$nothing', _id: 7 } }])
      .toArray();
    expect(doc).toEqual({ _id: 7, b: 2, c: 3 });
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'b', 'c']);
  });
});
