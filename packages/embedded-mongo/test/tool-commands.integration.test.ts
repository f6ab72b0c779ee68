import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Document } from 'mongodb';
import mongoose from 'mongoose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverError, startTestEngine, withDurableEngine, type TestEngine } from './helpers/engine.js';

/**
 * Commands mongosh, Compass and admin scripts send (collStats, dataSize, collMod, currentOp,
 * listCommands, profile, top), answered in the shapes of mongod's pages
 * (https://www.mongodb.com/docs/manual/reference/command/<name>/) and refused with its codes.
 */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
  const c = t.db('tools').collection<{ _id: number; a: number; at?: Date }>('items');
  await c.insertMany([
    { _id: 1, a: 1 },
    { _id: 2, a: 2 },
  ]);
  await c.createIndex({ a: 1 });
  await c.createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
});
afterAll(() => t.stop());

const run = (db: string, cmd: Document) => t.db(db).command(cmd);

test('collStats gives counts, sizes and every index, scaled; a missing collection has zeros', async () => {
  const stats = await run('tools', { collStats: 'items' });
  expect(Object.keys(stats)).toEqual([
    'ns',
    'size',
    'count',
    'avgObjSize',
    'numOrphanDocs',
    'storageSize',
    'freeStorageSize',
    'capped',
    'nindexes',
    'indexDetails',
    'indexBuilds',
    'totalIndexSize',
    'totalSize',
    'indexSizes',
    'scaleFactor',
    'ok',
  ]);
  expect(stats).toMatchObject({ ns: 'tools.items', count: 2, nindexes: 3, capped: false, scaleFactor: 1 });
  expect(stats.size).toBe(stats.avgObjSize * 2);
  expect(Object.keys(stats.indexSizes as Document)).toEqual(['_id_', 'a_1', 'at_1']);
  const scaled = await run('tools', { collStats: 'items', scale: 2 });
  expect(scaled.size).toBe(Math.trunc((stats.size as number) / 2));
  expect(await run('tools', { collStats: 'nothing' })).toMatchObject({
    ns: 'tools.nothing',
    size: 0,
    count: 0,
  });
  expect((await serverError(() => run('tools', { collStats: 'items', scale: 0 }))).code).toBe(2);
  expect((await serverError(() => run('tools', { collStats: 1 }))).code).toBe(73);
  // mongosh's db.collection.stats() goes through the same command (via $collStats or collStats).
  const viaMongoose = await mongoose.createConnection(t.engine.uri, { dbName: 'tools' }).asPromise();
  try {
    const stats = (await viaMongoose.db?.command({ collStats: 'items' })) as Document;
    expect(stats.count).toBe(2);
  } finally {
    await viaMongoose.close();
  }
});

test('dataSize of a namespace: bytes and documents; a missing one has zeros', async () => {
  const stats = await run('tools', { collStats: 'items' });
  const size = await run('tools', { dataSize: 'tools.items' });
  expect(size).toEqual({ estimate: false, size: stats.size as number, numObjects: 2, millis: 0, ok: 1 });
  expect(await run('tools', { dataSize: 'tools.none' })).toEqual({
    size: 0,
    numObjects: 0,
    millis: 0,
    ok: 1,
  });
  expect((await serverError(() => run('tools', { dataSize: 'nodot' }))).code).toBe(73);
});

test('collMod hides and unhides an index (the planner then skips it) and changes a TTL', async () => {
  const hide = await run('tools', { collMod: 'items', index: { keyPattern: { a: 1 }, hidden: true } });
  expect(hide).toEqual({ hidden_old: false, hidden_new: true, ok: 1 });
  const indexes = (await t.db('tools').collection('items').listIndexes().toArray()) as Document[];
  expect(indexes.find((i) => i.name === 'a_1')?.hidden).toBe(true);
  const plan = await t.db('tools').collection('items').find({ a: 1 }).explain();
  expect(JSON.stringify(plan.queryPlanner)).not.toContain('a_1');
  expect(await run('tools', { collMod: 'items', index: { name: 'a_1', hidden: false } })).toEqual({
    hidden_old: true,
    hidden_new: false,
    ok: 1,
  });
  const ttl = await run('tools', { collMod: 'items', index: { name: 'at_1', expireAfterSeconds: 60 } });
  expect(ttl).toEqual({ expireAfterSeconds_old: 3600, expireAfterSeconds_new: 60, ok: 1 });
  const after = (await t.db('tools').collection('items').listIndexes().toArray()) as Document[];
  expect(after.find((i) => i.name === 'at_1')?.expireAfterSeconds).toBe(60);
  expect(after.find((i) => i.name === 'a_1')).not.toHaveProperty('hidden');
});

test('collMod refusals carry mongod codes', async () => {
  const cases: [Document, number][] = [
    [{ collMod: 'missing', index: { name: 'a_1', hidden: true } }, 26],
    [{ collMod: 'items', index: { name: 'nope', hidden: true } }, 27],
    [{ collMod: 'items', index: { name: 'a_1', expireAfterSeconds: 5 } }, 72],
    [{ collMod: 'items', index: { name: '_id_', hidden: true } }, 2],
    [{ collMod: 'items', index: { name: 'a_1' } }, 72],
    [{ collMod: 'items', index: { name: 'a_1', keyPattern: { a: 1 }, hidden: true } }, 2],
    [{ collMod: 'items', validator: { a: { $gt: 0 } } }, 2],
    [{ collMod: 'items', bogus: 1 }, 40415],
  ];
  for (const [cmd, code] of cases)
    expect([cmd, (await serverError(() => run('tools', cmd))).code]).toEqual([cmd, code]);
});

test('collMod survives a restart of a durable engine', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'engine-collmod-'));
  try {
    await withDurableEngine(dir, async (client) => {
      await client.db('d').collection('c').createIndex({ x: 1 });
      await client.db('d').command({ collMod: 'c', index: { name: 'x_1', hidden: true } });
    });
    const spec = await withDurableEngine(dir, async (client) =>
      ((await client.db('d').collection('c').listIndexes().toArray()) as Document[]).find(
        (i) => i.name === 'x_1',
      ),
    );
    expect(spec).toMatchObject({ key: { x: 1 }, hidden: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('listCommands names every command with mongod fields', async () => {
  const { commands } = (await run('admin', { listCommands: 1 })) as { commands: Record<string, Document> };
  for (const name of [
    'find',
    'insert',
    'collStats',
    'collMod',
    'currentOp',
    'top',
    'profile',
    'listCommands',
  ])
    expect(commands).toHaveProperty(name);
  expect(commands.find).toEqual({
    help: 'no help defined',
    requiresAuth: false,
    secondaryOk: true,
    adminOnly: false,
    apiVersions: ['1'],
    deprecatedApiVersions: [],
  });
  expect(commands.insert?.secondaryOk).toBe(false);
  expect(commands.top?.adminOnly).toBe(true);
});

test('currentOp lists itself on admin and filters by its fields; elsewhere 13', async () => {
  const { inprog } = (await run('admin', { currentOp: 1 })) as { inprog: Document[] };
  expect(inprog).toHaveLength(1);
  expect(inprog[0]).toMatchObject({ type: 'op', active: true, op: 'command', command: { currentOp: 1 } });
  const none = (await run('admin', { currentOp: 1, active: false })) as { inprog: Document[] };
  expect(none.inprog).toEqual([]);
  expect((await serverError(() => run('tools', { currentOp: 1 }))).code).toBe(13);
});

test('profile reads and sets level 0 settings; levels 1-2 and bad levels are refused', async () => {
  expect(await run('tools', { profile: -1 })).toEqual({ was: 0, slowms: 100, sampleRate: 1, ok: 1 });
  expect(await run('tools', { profile: 0, slowms: 250 })).toEqual({
    was: 0,
    slowms: 100,
    sampleRate: 1,
    ok: 1,
  });
  expect(await run('tools', { profile: -1 })).toEqual({ was: 0, slowms: 250, sampleRate: 1, ok: 1 });
  expect((await serverError(() => run('tools', { profile: 1 }))).code).toBe(2);
  expect((await serverError(() => run('tools', { profile: 7 }))).code).toBe(2);
});

test('top counts operations per namespace by kind, on admin only', async () => {
  const c = t.db('toptest').collection<{ _id: number }>('c');
  await c.insertOne({ _id: 1 });
  await c.findOne({ _id: 1 });
  await c.findOne({ _id: 1 });
  await c.updateOne({ _id: 1 }, { $set: { x: 1 } });
  const { totals } = (await run('admin', { top: 1 })) as { totals: Record<string, Document> };
  expect(totals.note).toBe('all times in microseconds');
  const usage = totals['toptest.c'] as Record<string, { time: number; count: number }>;
  expect(Object.keys(usage)).toEqual([
    'total',
    'readLock',
    'writeLock',
    'queries',
    'getmore',
    'insert',
    'update',
    'remove',
    'commands',
  ]);
  expect([usage.total?.count, usage.queries?.count, usage.insert?.count, usage.update?.count]).toEqual([
    4, 2, 1, 1,
  ]);
  expect([usage.readLock?.count, usage.writeLock?.count]).toEqual([2, 2]);
  expect((await serverError(() => run('tools', { top: 1 }))).code).toBe(13);
});

test('a leading $collStats gives storageStats, count and latencyStats; later stages run on its document', async () => {
  const items = t.db('tools').collection('items');
  const [doc] = await items
    .aggregate([{ $collStats: { storageStats: { scale: 1 }, count: {}, latencyStats: {} } }])
    .toArray();
  const command = await run('tools', { collStats: 'items' });
  expect(Object.keys(doc ?? {})).toEqual([
    'ns',
    'host',
    'localTime',
    'latencyStats',
    'storageStats',
    'count',
  ]);
  expect(doc?.ns).toBe('tools.items');
  expect(doc?.count).toBe(2);
  expect(doc?.storageStats).toEqual(
    Object.fromEntries(Object.entries(command).filter(([k]) => k !== 'ns' && k !== 'ok')),
  );
  expect(Object.keys(doc?.latencyStats as Document)).toEqual(['reads', 'writes', 'commands', 'transactions']);
  const projected = await items
    .aggregate([{ $collStats: { count: {} } }, { $project: { _id: 0, n: '$count' } }])
    .toArray();
  expect(projected).toEqual([{ n: 2 }]);
  const missing = await serverError(() =>
    t
      .db('tools')
      .collection('none')
      .aggregate([{ $collStats: { storageStats: {} } }])
      .toArray(),
  );
  expect([missing.code, missing.message]).toEqual([
    26,
    'Unable to retrieve storageStats in $collStats stage :: caused by :: Collection [tools.none] not found.',
  ]);
  const later = await serverError(() => items.aggregate([{ $match: {} }, { $collStats: {} }]).toArray());
  expect(later.code).toBe(40602);
  const unknown = await serverError(() => items.aggregate([{ $collStats: { bogus: 1 } }]).toArray());
  expect(unknown.code).toBe(40415);
});
