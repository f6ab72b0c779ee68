import { afterEach, expect, test } from 'vitest';
import {
  MongoClient,
  MongoClientBulkWriteError,
  ServerApiVersion,
  type ClientBulkWriteModel,
  type Document,
} from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';
import { makeDbPath } from './durability/helpers.js';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/** Documents with any `_id` (the driver's default schema expects ObjectIds). */
type Loose = Document & { _id?: number | string };
type Namespaces = Record<string, Loose>;

// What comes with bulkWrite: the engine answers as MongoDB 8.0 (wire version 25, the drivers'
// table: https://www.mongodb.com/docs/drivers/about-compatibility/), can answer as 7.0 (wire 21,
// where bulkWrite does not exist) for fallback tests, and acknowledges a bulkWrite only once all
// its writes are durable, in one journal commit.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function engine(options: Parameters<typeof startTestEngine>[0] = {}): Promise<TestEngine> {
  const t = await startTestEngine(options);
  cleanups.push(() => t.stop());
  return t;
}

test('by default the engine answers as MongoDB 8.0', async () => {
  const t = await engine();
  const admin = t.client.db('admin');

  expect(await admin.command({ hello: 1 })).toMatchObject({ maxWireVersion: 25, minWireVersion: 0 });
  expect(await admin.command({ buildInfo: 1 })).toMatchObject({
    version: '8.0.0',
    versionArray: [8, 0, 0, 0],
  });
  expect(await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 })).toMatchObject({
    featureCompatibilityVersion: { version: '8.0' },
  });
});

test('answering as 7.0, the engine has no bulkWrite command (CommandNotFound)', async () => {
  const t = await engine({ serverVersion: '7.0' });
  const admin = t.client.db('admin');

  expect(await admin.command({ hello: 1 })).toMatchObject({ maxWireVersion: 21 });
  expect(await admin.command({ buildInfo: 1 })).toMatchObject({
    version: '7.0.0',
    versionArray: [7, 0, 0, 0],
  });
  const raw = await serverError(() =>
    admin.command({ bulkWrite: 1, ops: [{ insert: 0, document: {} }], nsInfo: [{ ns: 'a.b' }] }),
  );
  expect(raw).toMatchObject({
    code: 59,
    codeName: 'CommandNotFound',
    message: "no such command: 'bulkWrite'",
  });

  const viaDriver = (await serverError(() =>
    t.client.bulkWrite<Namespaces>([{ namespace: 'a.b', name: 'insertOne', document: { x: 1 } }]),
  )) as unknown as MongoClientBulkWriteError;
  expect(viaDriver).toBeInstanceOf(MongoClientBulkWriteError);
  expect(viaDriver.cause).toMatchObject({ code: 59 });
  // The single-collection commands a fallback uses are all there.
  await t.db('a').collection<Loose>('b').insertOne({ x: 1 });
  expect(await t.db('a').collection<Loose>('b').countDocuments()).toBe(1);
});

test('an unknown server version is refused at start', async () => {
  await expect(startEmbeddedMongo({ port: 0, serverVersion: '6.0' })).rejects.toThrow(
    'unknown server version "6.0": choose "8.0" or "7.0"',
  );
});

test('bulkWrite is in Stable API version 1: a strict client may send it', async () => {
  const t = await engine();
  const strict = new MongoClient(t.engine.uri, { serverApi: { version: ServerApiVersion.v1, strict: true } });
  cleanups.push(() => strict.close());
  const res = await strict.bulkWrite<Namespaces>([
    { namespace: 'api.c', name: 'insertOne', document: { _id: 1 } },
  ]);

  expect(res.insertedCount).toBe(1);
});

test('an inserted document gets its _id first, generated when missing, as the insert command stores it', async () => {
  const t = await engine();
  await t.client.db('admin').command({
    bulkWrite: 1,
    ops: [
      { insert: 0, document: { a: 1, _id: 'last' } },
      { insert: 0, document: { b: 2 } },
    ],
    nsInfo: [{ ns: 'ids.c' }],
  });
  const docs = await t.db('ids').collection<Loose>('c').find().toArray();

  expect(docs.map((d) => Object.keys(d))).toEqual([
    ['_id', 'a'],
    ['_id', 'b'],
  ]);
  expect(docs[1]?._id?.constructor.name).toBe('ObjectId');
});

test('one bulkWrite of 50 ops on three namespaces costs one journal commit and one fdatasync', async () => {
  const { dbPath, cleanup } = await makeDbPath('bulk');
  cleanups.push(cleanup);
  const t = await engine({ dbPath });
  const stats = () => t.engine.storeStats?.() ?? { commits: -1, fsyncs: -1 };
  await t.db('d1').collection<Loose>('c').insertOne({ _id: 'seed', n: 0 });
  const models: ClientBulkWriteModel<Namespaces>[] = Array.from({ length: 50 }, (_, i) =>
    i % 5 === 4
      ? { namespace: 'd1.c', name: 'updateOne', filter: { _id: 'seed' }, update: { $inc: { n: 1 } } }
      : { namespace: i % 2 ? 'd2.c' : 'd1.other', name: 'insertOne', document: { i } },
  );

  const before = stats();
  await t.client.bulkWrite<Namespaces>(models);
  const after = stats();
  expect({ commits: after.commits - before.commits, fsyncs: after.fsyncs - before.fsyncs }).toEqual({
    commits: 1,
    fsyncs: 1,
  });

  // The same 40 inserts and 10 updates as separate commands: one commit each.
  const separate = stats();
  for (let i = 0; i < 50; i++) {
    if (i % 5 === 4)
      await t
        .db('d1')
        .collection<Loose>('c')
        .updateOne({ _id: 'seed' }, { $inc: { n: 1 } });
    else await t.db('separate').collection<Loose>('c').insertOne({ i });
  }
  expect(stats().commits - separate.commits).toBe(50);
});

test('a bulkWrite acknowledged by a durable engine is there after a restart', async () => {
  const { dbPath, cleanup } = await makeDbPath('bulk-restart');
  cleanups.push(cleanup);
  const first = await startTestEngine({ dbPath });
  await first.client.bulkWrite<Namespaces>([
    { namespace: 'r1.c', name: 'insertOne', document: { _id: 1 } },
    {
      namespace: 'r2.c',
      name: 'updateOne',
      filter: { _id: 2 },
      update: { $set: { up: true } },
      upsert: true,
    },
  ]);
  await first.stop();

  const second = await engine({ dbPath });
  expect(await second.db('r1').collection<Loose>('c').find().toArray()).toEqual([{ _id: 1 }]);
  expect(await second.db('r2').collection<Loose>('c').find().toArray()).toEqual([{ _id: 2, up: true }]);
});
