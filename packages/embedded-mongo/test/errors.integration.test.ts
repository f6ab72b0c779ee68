import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UUID } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
  await t.db('err').collection('c').insertOne({ a: 1 });
});
afterAll(async () => {
  await t.stop();
});

const cmd = (doc: Record<string, unknown>, db = 'err') => t.db(db).command(doc);

describe('strictness: errors as mongod answers them (https://www.mongodb.com/docs/manual/reference/error-codes/)', () => {
  test('unknown command → 59 CommandNotFound', async () => {
    const err = await serverError(() => cmd({ frobnicate: 1 }));
    expect(err).toMatchObject({ code: 59, codeName: 'CommandNotFound' });
    expect(err.message).toBe("no such command: 'frobnicate'");
  });

  // https://www.mongodb.com/docs/manual/reference/operator/query/in/ , elemMatch/, or/
  test('malformed operator arguments are refused, not matched against', async () => {
    const c = t.db('err').collection('c');
    expect((await serverError(() => c.find({ a: { $in: 5 } }).toArray())).message).toBe('$in needs an array');
    expect((await serverError(() => c.find({ a: { $elemMatch: 5 } }).toArray())).message).toBe(
      '$elemMatch needs an Object',
    );
    expect((await serverError(() => c.find({ $or: [] }).toArray())).code).toBe(2);
    expect((await serverError(() => c.find({}, { projection: { a: 1, b: 0 } }).toArray())).code).toBe(31254);
  });

  // Each stage's and operator's own page under
  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/ (codes as mongod's parser and
  // expressions raise them, not the generic 2).
  test.each([
    ['$sort without a key', [{ $sort: {} }], 15976],
    ['$limit 0', [{ $limit: 0 }], 15958],
    ['$skip below 0', [{ $skip: -1 }], 15956],
    ['$group without _id', [{ $group: { n: { $sum: 1 } } }], 15955],
    ['$group output field with a dot', [{ $group: { _id: null, 'a.b': { $sum: 1 } } }], 40235],
    ['$project of nothing', [{ $project: {} }], 51272],
    ['$unwind path without $', [{ $unwind: 'a' }], 28818],
    ['$add of a string', [{ $project: { x: { $add: [1, 'a'] } } }], 16554],
    ['$mod by zero', [{ $project: { x: { $mod: ['$a', 0] } } }], 16610],
    ['$size of a non-array', [{ $project: { x: { $size: '$a' } } }], 17124],
    ['$in without an array', [{ $project: { x: { $in: [1, '$a'] } } }], 40081],
  ])('aggregation: %s is refused with its own code', async (_name, pipeline, code) => {
    const err = await serverError(() => t.db('err').collection('c').aggregate(pipeline).toArray());
    expect(err.code).toBe(code);
  });

  test('the same operators with valid arguments answer as before', async () => {
    const [doc] = await t
      .db('err')
      .collection('c')
      .aggregate([
        { $sort: { a: 1 } },
        { $skip: 0 },
        { $limit: 1 },
        {
          $project: {
            _id: 0,
            sum: { $add: [1, '$a', null] },
            mod: { $mod: [7, 4] },
            size: { $size: [[1, 2]] },
          },
        },
        { $addFields: { in: { $in: [1, [1, 2]] } } },
      ])
      .toArray();
    expect(doc).toEqual({ sum: null, mod: 3, size: 2, in: true });
  });

  test('unknown command option → 40415', async () => {
    const err = await serverError(() => cmd({ find: 'c', filter: {}, frobnicate: true }));
    expect(err.code).toBe(40415);
    expect(err.message).toContain("'find.frobnicate'");
  });

  test('unknown query operator → 2 BadValue', async () => {
    const err = await serverError(() =>
      t
        .db('err')
        .collection('c')
        .find({ a: { $frobnicate: 1 } })
        .toArray(),
    );
    expect(err).toMatchObject({ code: 2, codeName: 'BadValue' });
    expect(err.message).toBe('unknown operator: $frobnicate');
    const top = await serverError(() => t.db('err').collection('c').find({ $frobnicate: 1 }).toArray());
    expect(top.message).toBe('unknown top level operator: $frobnicate');
  });

  // https://www.mongodb.com/docs/manual/core/transactions/ : transactions need a replica set
  test('transactions are refused like a standalone mongod does (20)', async () => {
    const err = await serverError(() =>
      cmd({
        find: 'c',
        filter: {},
        lsid: { id: new UUID() },
        txnNumber: 1,
        startTransaction: true,
        autocommit: false,
      }),
    );
    expect(err.code).toBe(20);
    expect(err.message).toBe('Transaction numbers are only allowed on a replica set member or mongos');
    const session = t.client.startSession();
    session.startTransaction();
    const viaDriver = await serverError(() => t.db('err').collection('c').insertOne({ b: 1 }, { session }));
    // The driver rewrites code 20 into its own "does not support retryable writes" message, as with a real standalone.
    expect(viaDriver.message).toMatch(
      /Transaction numbers are only allowed|does not support retryable writes|replica set/,
    );
    await session.endSession();
  });

  test('IllegalOperation, NamespaceNotFound, IndexNotFound, CursorNotFound', async () => {
    expect((await serverError(() => cmd({ listIndexes: 'missing' }))).code).toBe(26);
    expect((await serverError(() => cmd({ dropIndexes: 'c', index: 'nope_1' }))).code).toBe(27);
    expect((await serverError(() => cmd({ getMore: 42n, collection: 'c' }))).code).toBe(43);
    expect((await serverError(() => cmd({ create: 'c' }))).code).toBe(48);
    expect((await serverError(() => cmd({ listDatabases: 1 }))).code).toBe(13);
  });

  test('unsupported features are refused, never silently ignored', async () => {
    expect((await serverError(() => cmd({ create: 'capped', capped: true, size: 1000 }))).code).toBe(2);
    expect((await serverError(() => cmd({ find: 'c', filter: {}, collation: { locale: 'fr' } }))).code).toBe(
      2,
    );
    expect((await serverError(() => t.db('err').collection('c').createIndex({ body: 'text' }))).code).toBe(2);
    expect(
      (await serverError(() => cmd({ insert: 'c', documents: [{}], writeConcern: { w: 3 } }))).code,
    ).toBe(2);
    expect((await serverError(() => cmd({ find: 'c', readConcern: { level: 'snapshot' } }))).code).toBe(20);
    expect((await serverError(() => cmd({ aggregate: 'c', pipeline: [] }))).code).toBe(9);
  });

  test('generic driver fields are accepted', async () => {
    const res = await cmd({
      find: 'c',
      filter: {},
      comment: 'hi',
      maxTimeMS: 1000,
      readConcern: { level: 'local' },
      $readPreference: { mode: 'primary' },
    });
    expect(res.ok).toBe(1);
    const w = await cmd({ insert: 'c', documents: [{ x: 1 }], writeConcern: { w: 'majority' } });
    expect(w.n).toBe(1);
  });

  test('ping, buildInfo, getParameter, listCollections, listDatabases, drop, dropDatabase', async () => {
    expect((await cmd({ ping: 1 })).ok).toBe(1);
    expect((await cmd({ buildInfo: 1 })).version).toMatch(/^8\./);
    expect(
      (await cmd({ getParameter: 1, featureCompatibilityVersion: 1 }, 'admin')).featureCompatibilityVersion,
    ).toEqual({ version: '8.0' });
    const dbs = await t.client.db('admin').admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain('err');
    await t.db('err2').collection('x').insertOne({});
    expect((await t.db('err2').listCollections().toArray()).map((c) => c.name)).toEqual(['x']);
    expect(await t.db('err2').collection('x').drop()).toBe(true);
    await t.db('err3').collection('y').insertOne({});
    expect(await t.db('err3').dropDatabase()).toBe(true);
    expect((await t.client.db('admin').admin().listDatabases()).databases.map((d) => d.name)).not.toContain(
      'err3',
    );
  });
});
