import type { Collection, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * `$lookup`'s `as` against mongod: it is a field path
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/), written as mongod's
 * documents write a nested field: an existing field keeps its place and is overwritten, and a
 * value on the way that is not a document is replaced by one. Refusals quote mongod's parser
 * (document_source_lookup.cpp, field_path.cpp).
 */
let t: TestEngine;
let local: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  const db = t.db('lookupas');
  local = db.collection('local');
  await local.insertMany([
    { _id: 1, k: 1, x: { a: 1 }, z: 0 },
    { _id: 2, k: 1, x: 5, z: 0 },
    { _id: 3, k: 1, x: [{ a: 1 }, 2], z: 0 },
    { _id: 4, k: 2, z: 0 },
  ] as Document[]);
  await db.collection('foreign').insertMany([
    { _id: 10, k: 1 },
    { _id: 11, k: 2 },
  ] as Document[]);
});
afterAll(async () => {
  await t.stop();
});

const join = (as: unknown) => ({ $lookup: { from: 'foreign', localField: 'k', foreignField: 'k', as } });
const sorted = [{ $sort: { _id: 1 } }];

describe('a dotted as nests the joined documents', () => {
  const expected = [
    { _id: 1, k: 1, x: { a: 1, y: { j: [{ _id: 10, k: 1 }] } }, z: 0 },
    { _id: 2, k: 1, x: { y: { j: [{ _id: 10, k: 1 }] } }, z: 0 },
    { _id: 3, k: 1, x: { y: { j: [{ _id: 10, k: 1 }] } }, z: 0 },
    { _id: 4, k: 2, z: 0, x: { y: { j: [{ _id: 11, k: 2 }] } } },
  ];

  test('localField/foreignField form', async () => {
    const out = await local.aggregate([...sorted, join('x.y.j')]).toArray();
    expect(out).toEqual(expected);
    // An existing field keeps its place; a new one comes last.
    expect(out.map((d) => Object.keys(d))).toEqual([
      ['_id', 'k', 'x', 'z'],
      ['_id', 'k', 'x', 'z'],
      ['_id', 'k', 'x', 'z'],
      ['_id', 'k', 'z', 'x'],
    ]);
  });

  test('pipeline form', async () => {
    const out = await local
      .aggregate([
        ...sorted,
        {
          $lookup: {
            from: 'foreign',
            let: { key: '$k' },
            pipeline: [{ $match: { $expr: { $eq: ['$k', '$$key'] } } }],
            as: 'x.y.j',
          },
        },
      ])
      .toArray();
    expect(out).toEqual(expected);
  });

  test('the input documents are not changed (a $facet hands them to each of its pipelines)', async () => {
    const [out] = await local
      .aggregate([
        ...sorted,
        { $limit: 1 },
        { $facet: { joined: [join('x.b')], plain: [{ $project: { _id: 0, x: 1 } }] } },
      ])
      .toArray();
    expect(out).toEqual({
      joined: [{ _id: 1, k: 1, x: { a: 1, b: [{ _id: 10, k: 1 }] }, z: 0 }],
      plain: [{ x: { a: 1 } }],
    });
  });
});

describe('as values mongod refuses when it parses the pipeline', () => {
  const cases: [string, unknown, number, string][] = [
    ['empty', '', 9, "must specify 'as' field for a $lookup"],
    ['missing', undefined, 9, "must specify 'as' field for a $lookup"],
    ['not a string', 5, 9, "$lookup argument 'as' must be a string, found as: 5: int"],
    [
      'starting with $',
      '$bad',
      16410,
      "FieldPath field names may not start with '$'. Consider using $getField or $setField.",
    ],
    [
      'a nested name starting with $',
      'a.$b',
      16410,
      "FieldPath field names may not start with '$'. Consider using $getField or $setField.",
    ],
    ['ending with a dot', 'a.', 40353, "FieldPath must not end with a '.'."],
    ['with an empty name', 'a..b', 15998, 'FieldPath field names may not be empty strings.'],
  ];
  test.each(cases)('%s', async (_name, as, code, message) => {
    const stage =
      as === undefined ? { $lookup: { from: 'foreign', localField: 'k', foreignField: 'k' } } : join(as);
    const err = await serverError(() => local.aggregate([stage]).toArray());
    expect([err.code, err.message]).toEqual([code, message]);
  });

  test('refused over a collection that does not exist too, in the pipeline form too', async () => {
    const none = t.db('lookupas').collection('none');
    expect((await serverError(() => none.aggregate([join('$bad')]).toArray())).code).toBe(16410);
    const piped = { $lookup: { from: 'foreign', pipeline: [], as: '' } };
    expect((await serverError(() => local.aggregate([piped]).toArray())).code).toBe(9);
  });
});
