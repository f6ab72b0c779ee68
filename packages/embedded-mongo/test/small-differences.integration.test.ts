import { afterAll, beforeAll, expect, test } from 'vitest';
import { Long } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/** Small differences from mongod, each with the expectation's source. */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(() => t.stop());

// mongod's $push accumulator adds a value only when it is not missing (AccumulatorPush in
// src/mongo/db/pipeline/accumulator_push.cpp); an explicit null is a value. $addToSet likewise.
test('$push and $addToSet in $group leave missing values out and keep nulls', async () => {
  const coll = t.db('small').collection<{ _id: number; g: number; x?: number | null }>('push');
  await coll.insertMany([
    { _id: 1, g: 1, x: 1 },
    { _id: 2, g: 1 },
    { _id: 3, g: 1, x: null },
    { _id: 4, g: 2 },
  ]);
  const groups = await coll
    .aggregate<{ _id: number; pushed: unknown[]; set: unknown[] }>([
      { $sort: { _id: 1 } },
      { $group: { _id: '$g', pushed: { $push: '$x' }, set: { $addToSet: '$x' } } },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  expect(groups.map((g) => [g._id, g.pushed, g.set.length])).toEqual([
    [1, [1, null], 2],
    [2, [], 0],
  ]);
});

// jstests/core/views/views_disallow_writes... ("users are disallowed from writing to the
// system.views collection": InvalidNamespace), and mongod's userAllowedCreateNS: a system
// collection other than the few clients may write is "Invalid system namespace" (73).
test('inserts into system collections are refused with 73 InvalidNamespace, except the writable ones', async () => {
  const db = t.db('small');
  for (const [name, message] of [
    ['system.views', 'cannot write to small.system.views'],
    ['system.profile', 'cannot write to small.system.profile'],
    ['system.foo', 'Invalid system namespace: small.system.foo'],
  ] as const) {
    const err = await serverError(() => db.collection(name).insertOne({ a: 1 }));
    expect([name, err.code, err.codeName, err.message]).toEqual([name, 73, 'InvalidNamespace', message]);
    expect((await db.listCollections({ name }).toArray()).length).toBe(0);
  }
  const bulk = (await serverError(() =>
    t.client.bulkWrite([{ name: 'insertOne', namespace: 'small.system.foo', document: { a: 1 } }]),
  )) as { writeErrors?: Map<number, { code: number; message: string }> };
  const item = bulk.writeErrors?.get(0);
  expect([item?.code, item?.message]).toEqual([73, 'Invalid system namespace: small.system.foo']);
  // Stored JavaScript (system.js) is a collection clients write.
  expect((await db.collection('system.js').insertOne({ _id: 'f' as never, value: 1 })).acknowledged).toBe(
    true,
  );
});

// A literal inside $expr keeps its BSON type in every command's filter
// (https://www.mongodb.com/docs/manual/reference/operator/aggregation/type/: an int64 is "long").
test('bulkWrite filters type $expr literals as update and delete do', async () => {
  const coll = t.db('small').collection<{ _id: number }>('typed');
  await coll.insertMany([{ _id: 1 }, { _id: 2 }]);
  const isLong = { $expr: { $eq: [{ $type: Long.fromNumber(1) }, 'long'] } };
  const res = await t.client.bulkWrite([
    { name: 'updateMany', namespace: 'small.typed', filter: isLong, update: { $set: { seen: true } } },
    { name: 'deleteMany', namespace: 'small.typed', filter: isLong },
  ]);
  expect([res.matchedCount, res.deletedCount]).toEqual([2, 2]);
});

// mongod's ParsedUpdate::parseRequest: upsertSupplied needs upsert and a document in c.new (9).
test('the update command checks upsertSupplied as mongod does', async () => {
  const db = t.db('small');
  const update = async (stmt: object) => {
    const reply = await db.command({ update: 'supplied', updates: [stmt] });
    return (reply.writeErrors as { code: number; errmsg: string }[] | undefined)?.[0];
  };
  const q = { _id: 1 };
  const u = [{ $set: { a: 1 } }];
  const errors = [
    await update({ q, u, upsertSupplied: true }),
    await update({ q, u, upsert: true, upsertSupplied: true }),
    await update({ q, u, upsert: true, upsertSupplied: true, c: { new: 5 } }),
  ];
  expect(errors.map((e) => [e?.code, e?.errmsg])).toEqual([
    [9, "cannot specify 'upsertSupplied: true' for a non-upsert operation"],
    [9, "the parameter 'upsertSupplied' is set to 'true', but no document was supplied"],
    [9, "the parameter 'upsertSupplied' is set to 'true', but no document was supplied"],
  ]);
  expect(await db.collection('supplied').countDocuments()).toBe(0);
});
