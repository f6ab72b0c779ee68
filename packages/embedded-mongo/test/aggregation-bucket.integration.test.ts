import { Decimal128, Double, Int32, Long, type Collection, type MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectTypedClient, serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * `$bucket` against mongod's behaviour: https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucket/
 * and mongod's stage parser (document_source_bucket.cpp), whose codes and texts are quoted here.
 */
let t: TestEngine;
let c: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  c = t.db('bucket').collection('c');
  await c.insertMany([{ v: 5 }, { v: 6 }, { v: 7 }, { v: 42 }, { v: 'x' }, {}]);
});
afterAll(async () => {
  await t.stop();
});

const refusal = async (coll: Collection, spec: unknown) => {
  const err = await serverError(() => coll.aggregate([{ $bucket: spec }]).toArray());
  return [err.code, err.message];
};

describe('$bucket arguments mongod refuses when it parses the pipeline', () => {
  const cases: [string, unknown, number, string][] = [
    ['not a document', 5, 40201, 'Argument to $bucket stage must be an object, but found type: int.'],
    [
      'groupBy neither a $-path nor an expression',
      { groupBy: 'v', boundaries: [0, 1] },
      40202,
      `The $bucket 'groupBy' field must be defined as a $-prefixed path or an expression, but found: "v".`,
    ],
    [
      'boundaries not an array',
      { groupBy: '$v', boundaries: 5 },
      40200,
      "The $bucket 'boundaries' field must be an array, but found type: int.",
    ],
    [
      'a boundary that is not a constant',
      { groupBy: '$v', boundaries: ['$v', 10] },
      40191,
      `The $bucket 'boundaries' field must be an array of constant values, but found value: "$v".`,
    ],
    [
      'a boundary that reads a field inside an expression',
      { groupBy: '$v', boundaries: [{ $add: ['$v', 1] }, 10] },
      40191,
      `The $bucket 'boundaries' field must be an array of constant values, but found value: { $add: [ "$v", 1 ] }.`,
    ],
    [
      'groupBy a document that is not an expression',
      { groupBy: { a: '$v' }, boundaries: [0, 1] },
      40202,
      `The $bucket 'groupBy' field must be defined as a $-prefixed path or an expression, but found: { a: "$v" }.`,
    ],
    [
      'fewer than two boundaries',
      { groupBy: '$v', boundaries: [1] },
      40192,
      "The $bucket 'boundaries' field must have at least 2 values, but found 1 value(s).",
    ],
    [
      'boundaries of mixed types',
      { groupBy: '$v', boundaries: [0, 'a', 10] },
      40193,
      "All values in the the 'boundaries' option to $bucket must have the same type. Found conflicting types int and string.",
    ],
    [
      'unsorted boundaries',
      { groupBy: '$v', boundaries: [5, 1, 10] },
      40194,
      "The 'boundaries' option to $bucket must be sorted, but elements 0 and 1 are not in ascending order (5 is not less than 1).",
    ],
    [
      'a repeated boundary',
      { groupBy: '$v', boundaries: [0, 1, 1] },
      40194,
      "The 'boundaries' option to $bucket must be sorted, but elements 1 and 2 are not in ascending order (1 is not less than 1).",
    ],
    [
      'a default that is not a constant',
      { groupBy: '$v', boundaries: [0, 1], default: '$v' },
      40195,
      `The $bucket 'default' field must be a constant expression, but found: "$v".`,
    ],
    [
      'output not a document',
      { groupBy: '$v', boundaries: [0, 1], output: 'x' },
      40196,
      "The $bucket 'output' field must be an object, but found type: string.",
    ],
    [
      'an unknown field',
      { groupBy: '$v', boundaries: [0, 1], buckets: 3 },
      40197,
      'Unrecognized option to $bucket: buckets.',
    ],
    [
      'no groupBy',
      { boundaries: [0, 1] },
      40198,
      "$bucket requires 'groupBy' and 'boundaries' to be specified.",
    ],
    [
      'no boundaries',
      { groupBy: '$v' },
      40198,
      "$bucket requires 'groupBy' and 'boundaries' to be specified.",
    ],
    [
      'a default inside the boundaries range',
      { groupBy: '$v', boundaries: [0, 10], default: 5 },
      40199,
      "The $bucket 'default' field must be less than the lowest boundary or greater than or equal to the highest boundary.",
    ],
  ];
  test.each(cases)('%s', async (_name, spec, code, message) => {
    expect(await refusal(c, spec)).toEqual([code, message]);
  });

  test('refused over a collection that does not exist too (before any document is read)', async () => {
    const none = t.db('bucket').collection('none');
    expect((await refusal(none, { groupBy: '$v', boundaries: [5, 1, 10] }))[0]).toBe(40194);
    expect((await refusal(none, { boundaries: [0, 1] }))[0]).toBe(40198);
  });

  test('mongod checks the fields in the order they are written', async () => {
    expect((await refusal(c, { boundaries: [5, 1], output: 'x' }))[0]).toBe(40194);
    expect((await refusal(c, { output: 'x', boundaries: [5, 1] }))[0]).toBe(40196);
  });
});

describe('$bucket results the old engine got wrong', () => {
  test('constant expressions are accepted as boundaries and default', async () => {
    const out = await c
      .aggregate([
        {
          $bucket: {
            groupBy: '$v',
            boundaries: [{ $add: [2, 3] }, 7, 100],
            default: { $concat: ['o', 'k'] },
          },
        },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 5, count: 2 },
      { _id: 7, count: 2 },
      { _id: 'ok', count: 2 },
    ]);
  });

  test('numbers of every type are compared by value and boundaries keep their types', async () => {
    const n = t.db('bucket').collection('numbers');
    await n.insertMany([
      { v: new Int32(1) },
      { v: Long.fromNumber(10) },
      { v: new Double(10.5) },
      { v: Decimal128.fromString('19.99') },
      { v: Long.fromNumber(20) },
    ]);
    const typed: MongoClient = await connectTypedClient(t);
    try {
      const out = await typed
        .db('bucket')
        .collection('numbers')
        .aggregate([
          {
            $bucket: {
              groupBy: '$v',
              boundaries: [new Int32(0), Long.fromNumber(10), Decimal128.fromString('20')],
              default: new Double(99),
            },
          },
        ])
        .toArray();
      expect(out).toEqual([
        { _id: new Int32(0), count: new Int32(1) },
        { _id: Long.fromNumber(10), count: new Int32(3) },
        { _id: new Double(99), count: new Int32(1) },
      ]);
    } finally {
      await typed.close();
    }
  });
});

// Behaviour the rewrite keeps: these pass on the engine before it too, and pin what the binary
// search and the parse-time checks must not change.
describe('$bucket results kept from the engine before', () => {
  test('a default equal to the highest boundary, or of another type, is accepted', async () => {
    const out = await c
      .aggregate([{ $bucket: { groupBy: '$v', boundaries: [0, 10], default: 10 } }])
      .toArray();
    expect(out).toEqual([
      { _id: 0, count: 3 },
      { _id: 10, count: 3 },
    ]);
  });

  test('a default below the boundaries comes first, as a $sort on _id puts it', async () => {
    const out = await c
      .aggregate([{ $bucket: { groupBy: '$v', boundaries: [0, 6, 50], default: -1 } }])
      .toArray();
    expect(out).toEqual([
      { _id: -1, count: 2 },
      { _id: 0, count: 1 },
      { _id: 6, count: 3 },
    ]);
  });

  test('a value equal to the last boundary is outside; a missing groupBy goes to default', async () => {
    const out = await c
      .aggregate([
        {
          $bucket: {
            groupBy: '$v',
            boundaries: [5, 7],
            default: 'other',
            output: { vs: { $push: { $ifNull: ['$v', 'missing'] } } },
          },
        },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 5, vs: [5, 6] },
      { _id: 'other', vs: [7, 42, 'x', 'missing'] },
    ]);
  });

  test('a document outside every bucket without a default fails with 40066', async () => {
    const err = await serverError(() =>
      c.aggregate([{ $bucket: { groupBy: '$v', boundaries: [0, 100] } }]).toArray(),
    );
    expect([err.code, err.message]).toEqual([
      40066,
      '$switch could not find a matching branch for an input, and no default was specified.',
    ]);
  });

  test('string boundaries order by string; groupBy is any expression', async () => {
    const s = t.db('bucket').collection('strings');
    await s.insertMany([{ n: 'apple' }, { n: 'Mango' }, { n: 'melon' }, { n: 'zebra' }]);
    const out = await s
      .aggregate([{ $bucket: { groupBy: { $toLower: '$n' }, boundaries: ['a', 'm', 'z'], default: null } }])
      .toArray();
    expect(out).toEqual([
      { _id: null, count: 1 },
      { _id: 'a', count: 1 },
      { _id: 'm', count: 2 },
    ]);
  });

  test('inside $facet, and an empty input writes no bucket', async () => {
    const [out] = await c
      .aggregate([
        {
          $facet: {
            all: [{ $bucket: { groupBy: '$v', boundaries: [0, 100], default: 'other' } }],
            none: [{ $match: { v: -5 } }, { $bucket: { groupBy: '$v', boundaries: [0, 100] } }],
          },
        },
      ])
      .toArray();
    expect(out).toEqual({
      all: [
        { _id: 0, count: 4 },
        { _id: 'other', count: 2 },
      ],
      none: [],
    });
  });
});
