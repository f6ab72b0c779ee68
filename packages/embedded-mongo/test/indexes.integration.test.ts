import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine({ ttlIntervalMs: 100 });
});
afterAll(async () => {
  await t.stop();
});

const db = () => t.db('idx');

describe('unique indexes (https://www.mongodb.com/docs/manual/core/index-unique/)', () => {
  test('a duplicate insert answers E11000 with keyPattern and keyValue', async () => {
    const c = db().collection('users');
    await c.createIndex({ name: 1 }, { unique: true });
    await c.insertOne({ name: 'x' });
    const err = await serverError(() => c.insertOne({ name: 'x' }));
    expect(err.code).toBe(11000);
    expect(err.message).toBe(
      'E11000 duplicate key error collection: idx.users index: name_1 dup key: { name: "x" }',
    );
    expect(err.keyPattern).toEqual({ name: 1 });
    expect(err.keyValue).toEqual({ name: 'x' });
  });

  test('_id is always unique', async () => {
    const c = db().collection('ids');
    await c.insertOne({ _id: 'a' } as Document);
    const err = await serverError(() => c.insertOne({ _id: 'a' } as Document));
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ _id: 1 });
  });

  test('updates and upserts that would duplicate a key are refused and change nothing', async () => {
    const c = db().collection('emails');
    await c.createIndex({ org: 1, email: 1 }, { unique: true, name: 'org_email' });
    await c.insertMany([
      { org: 1, email: 'a' },
      { org: 1, email: 'b' },
      { org: 2, email: 'a' },
    ]);
    const upd = await serverError(() => c.updateOne({ org: 1, email: 'b' }, { $set: { email: 'a' } }));
    expect(upd.code).toBe(11000);
    expect(upd.keyValue).toEqual({ org: 1, email: 'a' });
    expect(await c.countDocuments({ org: 1, email: 'b' })).toBe(1);
    const ups = await serverError(() =>
      c.updateOne({ org: 3 }, { $set: { email: 'a', org: 2 } }, { upsert: true }),
    );
    expect(ups.code).toBe(11000);
    const fam = await serverError(() => c.findOneAndUpdate({ email: 'b' }, { $set: { email: 'a' } }));
    expect(fam.code).toBe(11000);
    expect(await c.countDocuments()).toBe(3);
  });

  test('building a unique index over duplicates fails with 11000 and leaves no index', async () => {
    const c = db().collection('dups');
    await c.insertMany([{ k: 1 }, { k: 1 }]);
    const err = await serverError(() => c.createIndex({ k: 1 }, { unique: true }));
    expect(err.code).toBe(11000);
    expect((await c.listIndexes().toArray()).map((i: { name: string }) => i.name)).toEqual(['_id_']);
  });

  test('missing fields count as null for uniqueness unless the index is sparse', async () => {
    const c = db().collection('nulls');
    await c.createIndex({ u: 1 }, { unique: true });
    await c.insertOne({ a: 1 });
    expect((await serverError(() => c.insertOne({ a: 2 }))).code).toBe(11000);
    const s = db().collection('sparse');
    await s.createIndex({ u: 1 }, { unique: true, sparse: true });
    await s.insertMany([{ a: 1 }, { a: 2 }]);
    expect(await s.countDocuments()).toBe(2);
  });
});

describe('index management', () => {
  // https://www.mongodb.com/docs/manual/reference/command/createIndexes/
  test('createIndexes / listIndexes / dropIndexes', async () => {
    const c = db().collection('mgmt');
    await c.insertOne({ a: 1 });
    expect(await c.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    expect(await c.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    const list = await c.listIndexes().toArray();
    expect(list).toEqual([
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { a: 1, b: -1 }, name: 'a_1_b_-1' },
    ]);
    const conflict = await serverError(() => c.createIndex({ a: 1, b: -1 }, { name: 'other' }));
    expect(conflict.code).toBe(85);
    const sameName = await serverError(() => c.createIndex({ z: 1 }, { name: 'a_1_b_-1' }));
    expect(sameName.code).toBe(86);
    await c.dropIndex('a_1_b_-1');
    expect((await serverError(() => c.dropIndex('a_1_b_-1'))).code).toBe(27);
    expect((await serverError(() => c.dropIndex('_id_'))).code).toBe(72);
    expect((await serverError(() => db().collection('ghost').listIndexes().toArray())).code).toBe(26);
  });
});

describe('index use', () => {
  test('equality, range and sort on an index prefix touch only the matching documents', async () => {
    const c = db().collection('big');
    const docs = Array.from({ length: 5000 }, (_, i) => ({
      i,
      g: i % 50,
      s: `k${String(i).padStart(5, '0')}`,
    }));
    await c.insertMany(docs);
    await c.createIndex({ g: 1, i: -1 });
    await c.createIndex({ s: 1 });
    const stats = () => t.engine.stats('idx', 'big') ?? { docsExamined: 0, keysExamined: 0 };
    let before = { ...stats() };
    const eq = await c.find({ s: 'k01234' }).toArray();
    expect(eq.map((d) => d.i as unknown)).toEqual([1234]);
    expect(stats().keysExamined - before.keysExamined).toBeLessThanOrEqual(2);

    before = { ...stats() };
    const page = await c
      .find({ g: 7, i: { $lt: 1000 } })
      .sort({ i: -1 })
      .limit(3)
      .toArray();
    expect(page.map((d) => d.i as unknown)).toEqual([957, 907, 857]);
    expect(stats().keysExamined - before.keysExamined).toBeLessThanOrEqual(4);

    before = { ...stats() };
    const asc = await c.find({ g: 7 }).sort({ i: 1 }).limit(2).toArray();
    expect(asc.map((d) => d.i as unknown)).toEqual([7, 57]);
    expect(stats().keysExamined - before.keysExamined).toBeLessThanOrEqual(3);

    before = { ...stats() };
    const range = await c
      .find({ s: { $gte: 'k04990' } })
      .sort({ s: 1 })
      .toArray();
    expect(range).toHaveLength(10);
    expect(stats().docsExamined - before.docsExamined).toBeLessThanOrEqual(10);

    before = { ...stats() };
    expect(await c.countDocuments({ g: 3 })).toBe(100);
    expect(stats().keysExamined - before.keysExamined).toBeLessThanOrEqual(101);
  });

  // https://www.mongodb.com/docs/manual/reference/explain-results/
  test('explain reports IXSCAN with the keys and documents examined, COLLSCAN without an index', async () => {
    const c = db().collection('big');
    const ix = (await c.find({ s: 'k00042' }).explain('executionStats')) as unknown as {
      queryPlanner: { winningPlan: { stage: string; inputStage: { stage: string; indexName: string } } };
      executionStats: { nReturned: number; totalKeysExamined: number; totalDocsExamined: number };
    };
    expect(ix.queryPlanner.winningPlan.inputStage).toMatchObject({ stage: 'IXSCAN', indexName: 's_1' });
    expect(ix.executionStats).toMatchObject({ nReturned: 1, totalKeysExamined: 1 });
    expect(ix.executionStats.totalDocsExamined).toBeLessThanOrEqual(1);
    const scan = (await c.find({ unindexed: 1 }).explain('executionStats')) as unknown as {
      queryPlanner: { winningPlan: { stage: string } };
      executionStats: { totalDocsExamined: number };
    };
    expect(scan.queryPlanner.winningPlan.stage).toBe('COLLSCAN');
    expect(scan.executionStats.totalDocsExamined).toBe(5000);
  });

  test('$or with an index on every branch scans the union of the branches', async () => {
    const c = db().collection('big');
    const before = { ...(t.engine.stats('idx', 'big') ?? { docsExamined: 0 }) };
    const docs = await c
      .find({ $or: [{ s: 'k00001' }, { g: 3, i: { $gte: 4900 } }] })
      .sort({ i: 1 })
      .toArray();
    expect(docs.map((d) => d.i as unknown)).toEqual([1, 4903, 4953]);
    expect((t.engine.stats('idx', 'big')?.docsExamined ?? 0) - before.docsExamined).toBeLessThanOrEqual(3);
  });

  test('indexes follow updates, replacements, upserts and deletes', async () => {
    const c = db().collection('consistency');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.createIndex({ n: -1 });
    await c.insertMany([
      { email: 'a', n: 1 },
      { email: 'b', n: 2 },
    ]);
    await c.updateOne({ email: 'a' }, { $set: { email: 'a2', n: 10 } });
    await c.replaceOne({ email: 'b' }, { email: 'b2', n: 20 });
    await c.updateOne({ email: 'c' }, { $set: { n: 30 } }, { upsert: true });
    await c.deleteOne({ email: 'a2' });
    expect(await c.countDocuments({ email: 'a' })).toBe(0);
    expect(await c.countDocuments({ email: 'a2' })).toBe(0);
    expect(
      (
        await c
          .find({ n: { $gte: 2 } })
          .sort({ n: -1 })
          .toArray()
      ).map((d) => d.email as unknown),
    ).toEqual(['c', 'b2']);
    // The freed key can be reused.
    await c.insertOne({ email: 'a', n: 0 });
    expect(await c.countDocuments({ email: { $in: ['a', 'b2', 'c'] } })).toBe(3);
  });

  test('a leading $match/$sort/$limit of an aggregation is answered by the index', async () => {
    const c = db().collection('big');
    const before = { ...(t.engine.stats('idx', 'big') ?? { keysExamined: 0, docsExamined: 0 }) };
    const res = await c
      .aggregate([{ $match: { g: 9 } }, { $sort: { i: -1 } }, { $limit: 2 }, { $project: { _id: 0, i: 1 } }])
      .toArray();
    expect(res).toEqual([{ i: 4959 }, { i: 4909 }]);
    const after = t.engine.stats('idx', 'big') ?? { keysExamined: 0, docsExamined: 0 };
    expect(after.keysExamined - before.keysExamined).toBeLessThanOrEqual(2);
    expect(after.docsExamined - before.docsExamined).toBeLessThanOrEqual(2);
  });

  // Keyset pagination as Formwell does it: newest first by (createdAt, _id), after the last item seen.
  test('an $or keyset filter starts the index scan at the cursor instead of the newest document', async () => {
    const c = db().collection('subs');
    await c.createIndex({ formId: 1, createdAt: -1, _id: -1 });
    const base = Date.UTC(2026, 0, 1);
    await c.insertMany(
      Array.from({ length: 3000 }, (_, i) => ({
        _id: i,
        formId: i % 3,
        createdAt: new Date(base + Math.floor(i / 6) * 1000),
      })) as Document[],
    );
    const after = { createdAt: new Date(base + 250 * 1000), _id: 1503 };
    const before = { ...(t.engine.stats('idx', 'subs') ?? { keysExamined: 0 }) };
    const page = await c
      .find({
        formId: 0,
        $or: [
          { createdAt: { $lt: after.createdAt } },
          { createdAt: after.createdAt, _id: { $lt: after._id } },
        ],
      } as Document)
      .sort({ createdAt: -1, _id: -1 })
      .limit(4)
      .toArray();
    expect(page.map((d) => d._id as unknown)).toEqual([1500, 1497, 1494, 1491]);
    expect((t.engine.stats('idx', 'subs')?.keysExamined ?? 0) - before.keysExamined).toBeLessThanOrEqual(8);
  });

  // https://www.mongodb.com/docs/manual/core/index-partial/#query-coverage
  test('partial and sparse indexes are used only when the query implies their filter', async () => {
    const c = db().collection('partial');
    await c.createIndex({ pending: 1, at: 1 }, { partialFilterExpression: { pending: true } });
    await c.createIndex({ code: 1 }, { sparse: true });
    await c.insertMany(
      Array.from({ length: 2000 }, (_, i) => ({
        pending: i % 100 === 0,
        at: i,
        ...(i % 2 ? { code: i } : {}),
      })),
    );
    type Plan = { queryPlanner: { winningPlan: { stage: string; inputStage?: { indexName: string } } } };
    const used = async (filter: Document) =>
      ((await c.find(filter).explain('queryPlanner')) as unknown as Plan).queryPlanner.winningPlan.inputStage
        ?.indexName ?? 'COLLSCAN';
    expect(await used({ pending: true, at: { $lt: 500 } })).toBe('pending_1_at_1');
    expect(await used({ pending: false, at: { $lt: 500 } })).toBe('COLLSCAN');
    expect(await used({ code: 7 })).toBe('code_1');
    expect(await used({ code: { $exists: false } })).toBe('COLLSCAN');
    expect(await c.countDocuments({ pending: true, at: { $lt: 500 } })).toBe(5);
    expect(await c.countDocuments({ pending: false, at: { $lt: 500 } })).toBe(495);
    expect(await c.countDocuments({ code: null })).toBe(1000);
  });

  test('multikey index answers equality on array elements', async () => {
    const c = db().collection('tags');
    await c.createIndex({ tags: 1 });
    await c.insertMany([{ tags: ['a', 'b'] }, { tags: ['b', 'c'] }, { tags: 'c' }]);
    expect(await c.countDocuments({ tags: 'b' })).toBe(2);
    expect(await c.countDocuments({ tags: { $in: ['a', 'c'] } })).toBe(3);
    expect(await c.countDocuments({ tags: ['a', 'b'] })).toBe(1);
  });

  test('a range on a mixed-type field stays within the BSON type bracket', async () => {
    // https://www.mongodb.com/docs/manual/reference/method/db.collection.find/#query-for-ranges (type bracketing)
    const c = db().collection('mixedidx');
    await c.createIndex({ v: 1 });
    await c.insertMany([{ v: 1 }, { v: 5 }, { v: 'a' }, { v: new Date(0) }, { v: null }]);
    expect((await c.find({ v: { $gt: 2 } }).toArray()).map((d) => d.v as unknown)).toEqual([5]);
    expect((await c.find({ v: { $lt: 'z' } }).toArray()).map((d) => d.v as unknown)).toEqual(['a']);
  });
});

describe('TTL indexes (https://www.mongodb.com/docs/manual/core/index-ttl/)', () => {
  test('documents past expireAfterSeconds are removed by the sweeper; others stay', async () => {
    const c = db().collection('sessions');
    await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await c.insertMany([
      { k: 'old', expiresAt: new Date(Date.now() - 1000) },
      { k: 'future', expiresAt: new Date(Date.now() + 3_600_000) },
      { k: 'not-a-date', expiresAt: 'soon' },
    ]);
    // The sweeper runs every 100 ms here: wait until it has removed the expired document.
    await vi.waitFor(async () => expect(await c.countDocuments({ k: 'old' })).toBe(0), {
      timeout: 30_000,
      interval: 50,
    });
    expect((await c.find({}).toArray()).map((d) => d.k as unknown).sort()).toEqual(['future', 'not-a-date']);
    const list = await c.listIndexes().toArray();
    expect(list[1]).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
  });
});
