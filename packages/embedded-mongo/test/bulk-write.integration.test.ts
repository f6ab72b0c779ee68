import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import {
  BSON,
  Double,
  Int32,
  Long,
  MongoClient,
  MongoClientBulkWriteError,
  type ClientBulkWriteModel,
  type CommandStartedEvent,
  type Document,
} from 'mongodb';
import { RawWire } from './helpers/raw-wire.js';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/** Documents with any `_id` (the driver's default schema expects ObjectIds). */
type Loose = Document & { _id?: number | string };
type Namespaces = Record<string, Loose>;

// MongoDB 8.0's `bulkWrite` admin command, through the official driver's MongoClient.bulkWrite and
// as raw commands. Expected replies come from the command's reference page
// (https://www.mongodb.com/docs/manual/reference/command/bulkWrite/) and mongod's own tests of it
// (jstests/core/write/bulk/bulk_write*.js): each op answers {ok, idx, n, nModified?, upserted?}
// or {ok: 0, idx, code, errmsg, n: 0, …}; the summary is nErrors, nInserted, nMatched, nModified,
// nUpserted, nDeleted; the cursor namespace is admin.$cmd.bulkWrite.

let t: TestEngine;
let admin: ReturnType<MongoClient['db']>;

beforeAll(async () => {
  t = await startTestEngine();
  admin = t.client.db('admin');
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  await t.db('shop').dropDatabase();
  await t.db('audit').dropDatabase();
});

const shop = () => t.db('shop').collection<Loose>('orders');
const audit = () => t.db('audit').collection<Loose>('events');

/** A second client that records the commands it sends. */
async function monitored(): Promise<{ client: MongoClient; sent: string[] }> {
  const client = new MongoClient(t.engine.uri, { monitorCommands: true });
  const sent: string[] = [];
  client.on('commandStarted', (e: CommandStartedEvent) => sent.push(e.commandName));
  await client.connect();
  return { client, sent };
}

test('inserts, updates and deletes on two databases travel as one bulkWrite command', async () => {
  await shop().insertMany([
    { _id: 1, qty: 1 },
    { _id: 2, qty: 2 },
  ]);
  await audit().insertOne({ _id: 'old', kind: 'stale' });
  const { client, sent } = await monitored();
  try {
    const models: ClientBulkWriteModel<Namespaces>[] = [
      { namespace: 'shop.orders', name: 'insertOne', document: { _id: 3, qty: 3 } },
      { namespace: 'shop.orders', name: 'updateOne', filter: { _id: 1 }, update: { $inc: { qty: 10 } } },
      { namespace: 'audit.events', name: 'insertOne', document: { _id: 'e1', kind: 'order' } },
      { namespace: 'audit.events', name: 'deleteMany', filter: { kind: 'stale' } },
      {
        namespace: 'shop.orders',
        name: 'replaceOne',
        filter: { _id: 2 },
        replacement: { qty: 20, replaced: true },
      },
    ];
    const res = await client.bulkWrite<Namespaces>(models, { verboseResults: true });

    expect(sent.filter((n) => n !== 'hello' && n !== 'isMaster' && n !== 'endSessions')).toEqual([
      'bulkWrite',
    ]);
    expect(res).toMatchObject({
      insertedCount: 2,
      matchedCount: 2,
      modifiedCount: 2,
      deletedCount: 1,
      upsertedCount: 0,
    });
    expect(res.insertResults?.get(0)).toEqual({ insertedId: 3 });
    expect(res.updateResults?.get(1)).toEqual({ matchedCount: 1, modifiedCount: 1, didUpsert: false });
    expect(res.deleteResults?.get(3)).toEqual({ deletedCount: 1 });
    expect(await shop().find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, qty: 11 },
      { _id: 2, qty: 20, replaced: true },
      { _id: 3, qty: 3 },
    ]);
    expect(await audit().find().toArray()).toEqual([{ _id: 'e1', kind: 'order' }]);
  } finally {
    await client.close();
  }
});

test('the reply carries one item per op, the summary counts and the admin.$cmd.bulkWrite cursor', async () => {
  const res = await admin.command({
    bulkWrite: 1,
    ops: [
      { insert: 0, document: { _id: 1, skey: 'MongoDB' } },
      { update: 0, filter: { _id: 1 }, updateMods: { $set: { skey: 'MongoDB2' } } },
      { update: 1, filter: { _id: 1 }, updateMods: { $set: { skey: 'x' } }, upsert: true },
      { delete: 0, filter: { _id: 1 } },
    ],
    nsInfo: [{ ns: 'shop.orders' }, { ns: 'audit.events' }],
  });

  expect(res).toEqual({
    ok: 1,
    cursor: {
      id: 0,
      ns: 'admin.$cmd.bulkWrite',
      firstBatch: [
        { ok: 1, idx: 0, n: 1 },
        { ok: 1, idx: 1, n: 1, nModified: 1 },
        { ok: 1, idx: 2, n: 1, nModified: 0, upserted: { _id: 1 } },
        { ok: 1, idx: 3, n: 1 },
      ],
    },
    nErrors: 0,
    nInserted: 1,
    nMatched: 1,
    nModified: 1,
    nUpserted: 1,
    nDeleted: 1,
  });
  expect(await audit().findOne({ _id: 1 } as Document)).toEqual({ _id: 1, skey: 'x' });
});

test('ops sent in the command body keep their BSON types and regexes, as in a document sequence', async () => {
  // The server sends its submit as a plain command, ops in the body: the engine reads them as the
  // driver's document sequence (each op's own bytes), so int64 and double stay what was sent.
  await shop().insertOne({ _id: 'counter', n: Long.fromNumber(1), name: 'Ann' });
  const res = await admin.command({
    bulkWrite: 1,
    ops: [
      { insert: 0, document: { _id: 'typed', big: Long.fromNumber(7), ratio: new Double(2) } },
      { update: 0, filter: { _id: 'counter' }, updateMods: { $inc: { n: Long.fromNumber(2) } } },
      { update: 0, filter: { name: /^an/i }, updateMods: { $set: { seen: true } } },
    ],
    nsInfo: [{ ns: 'shop.orders' }],
  });
  expect(res).toMatchObject({ nErrors: 0, nInserted: 1, nMatched: 2, nModified: 2 });

  const typed = await shop().findOne({ _id: 'typed' } as Document, { promoteValues: false });
  expect(typed?.big).toBeInstanceOf(Long);
  expect(typed?.ratio).toBeInstanceOf(Double);
  const counter = await shop().findOne({ _id: 'counter' } as Document, { promoteValues: false });
  expect(counter?.n).toEqual(Long.fromNumber(3));
  expect(counter?.seen).toBe(true);
});

test('reply items carry mongod’s BSON types: ok a double, idx and counts 32-bit integers', async () => {
  // By hand on the wire, to read the reply's bytes without the driver's number promotion.
  const wire = await RawWire.open(t.engine.port);
  wire.opMsg(
    { bulkWrite: 1, ops: [{ insert: 0, document: { _id: 1 } }], $db: 'admin' },
    { sequences: { nsInfo: [{ ns: 'shop.orders' }] } },
  );
  const { raw } = await wire.read();
  wire.close();
  const res = BSON.deserialize(raw.subarray(21), { promoteValues: false });
  const item = (res.cursor as { firstBatch: Document[] }).firstBatch[0];

  expect(item?.ok).toBeInstanceOf(Double);
  expect(item?.idx).toBeInstanceOf(Int32);
  expect(item?.n).toBeInstanceOf(Int32);
  expect(res.nInserted).toBeInstanceOf(Int32);
});

test('ordered: a duplicate key in the middle stops the batch; the earlier write stays', async () => {
  const err = (await serverError(() =>
    t.client.bulkWrite<Namespaces>([
      { namespace: 'shop.orders', name: 'insertOne', document: { _id: 1 } },
      { namespace: 'shop.orders', name: 'insertOne', document: { _id: 1 } },
      { namespace: 'audit.events', name: 'insertOne', document: { _id: 'after' } },
    ]),
  )) as unknown as MongoClientBulkWriteError;

  expect(err).toBeInstanceOf(MongoClientBulkWriteError);
  expect([...err.writeErrors.keys()]).toEqual([1]);
  expect(err.writeErrors.get(1)?.code).toBe(11000);
  expect(err.partialResult?.insertedCount).toBe(1);
  expect(await shop().countDocuments()).toBe(1);
  expect(await audit().countDocuments()).toBe(0);
});

test('unordered: the ops after a duplicate key still run', async () => {
  const err = (await serverError(() =>
    t.client.bulkWrite<Namespaces>(
      [
        { namespace: 'shop.orders', name: 'insertOne', document: { _id: 1 } },
        { namespace: 'shop.orders', name: 'insertOne', document: { _id: 1 } },
        { namespace: 'audit.events', name: 'insertOne', document: { _id: 'after' } },
      ],
      { ordered: false },
    ),
  )) as unknown as MongoClientBulkWriteError;

  expect([...err.writeErrors.keys()]).toEqual([1]);
  expect(err.partialResult?.insertedCount).toBe(2);
  expect(await audit().countDocuments()).toBe(1);
});

test('a duplicate key answers code 11000 with keyPattern and keyValue on its item', async () => {
  const res = await admin.command({
    bulkWrite: 1,
    ops: [
      { insert: 0, document: { _id: 1, skey: 'MongoDB' } },
      { insert: 0, document: { _id: 1, skey: 'MongoDB' } },
      { insert: 1, document: { skey: 'MongoDB' } },
    ],
    nsInfo: [{ ns: 'shop.orders' }, { ns: 'audit.events' }],
  });

  expect(res).toMatchObject({ nErrors: 1, nInserted: 1 });
  const items = (res.cursor as { firstBatch: Document[] }).firstBatch;
  expect(items).toHaveLength(2);
  expect(items[1]).toMatchObject({
    ok: 0,
    idx: 1,
    code: 11000,
    n: 0,
    keyPattern: { _id: 1 },
    keyValue: { _id: 1 },
  });
  expect(items[1]?.errmsg).toMatch(/^E11000 duplicate key error collection: shop\.orders/);
});

test('an upsert whose conditional filter matches nothing collides with a unique index', async () => {
  await shop().createIndex({ email: 1 }, { unique: true });
  await shop().insertOne({ email: 'a@x.org', visits: 1 });
  const err = (await serverError(() =>
    t.client.bulkWrite<Namespaces>([
      {
        namespace: 'shop.orders',
        name: 'updateOne',
        filter: { email: 'a@x.org', visits: { $gt: 5 } },
        update: { $inc: { visits: 1 } },
        upsert: true,
      },
    ]),
  )) as unknown as MongoClientBulkWriteError;

  expect(err.writeErrors.get(0)?.code).toBe(11000);
  expect(
    await shop()
      .find({}, { projection: { _id: 0 } })
      .toArray(),
  ).toEqual([{ email: 'a@x.org', visits: 1 }]);
});

test('an update matching nothing reports n 0 and nModified 0, and writes nothing', async () => {
  const res = await t.client.bulkWrite<Namespaces>(
    [{ namespace: 'shop.orders', name: 'updateMany', filter: { missing: true }, update: { $set: { a: 1 } } }],
    { verboseResults: true },
  );

  expect(res).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0 });
  expect(res.updateResults?.get(0)).toEqual({ matchedCount: 0, modifiedCount: 0, didUpsert: false });
  expect(await t.db('shop').listCollections().toArray()).toEqual([]);
});

test('a pipeline update computes from the document’s own fields', async () => {
  await shop().insertOne({ _id: 1, price: 4, qty: 3 });
  await t.client.bulkWrite<Namespaces>([
    {
      namespace: 'shop.orders',
      name: 'updateOne',
      filter: { _id: 1 },
      update: [{ $set: { total: { $multiply: ['$price', '$qty'] } } }],
    },
  ]);

  expect(await shop().findOne({ _id: 1 } as Document)).toEqual({ _id: 1, price: 4, qty: 3, total: 12 });
});

test('an update sort picks which single document changes', async () => {
  await shop().insertMany([
    { _id: 0, skey: 'MongoDB' },
    { _id: 1, skey: 'MongoDB' },
  ]);
  await admin.command({
    bulkWrite: 1,
    ops: [
      {
        update: 0,
        filter: { skey: 'MongoDB' },
        updateMods: { $set: { skey: 'MongoDB2' } },
        sort: { _id: -1 },
      },
    ],
    nsInfo: [{ ns: 'shop.orders' }],
  });

  expect(await shop().find().sort({ _id: 1 }).toArray()).toEqual([
    { _id: 0, skey: 'MongoDB' },
    { _id: 1, skey: 'MongoDB2' },
  ]);
});

test('failed updates answer n 0 and nModified 0 with mongod’s codes', async () => {
  await shop().insertOne({ _id: 1, skey: 'MongoDB' });
  const res = await admin.command({
    bulkWrite: 1,
    ops: [
      { update: 0, filter: { _id: 1 }, updateMods: { $set: { _id: 2 } } },
      { update: 0, filter: { _id: 1 }, updateMods: { skey: '$$k' }, constants: { k: 'x' } },
      { update: 0, filter: {}, updateMods: { $set: { a: 1 } }, multi: true, sort: { _id: 1 } },
    ],
    nsInfo: [{ ns: 'shop.orders' }],
    ordered: false,
  });

  expect(res).toMatchObject({ nErrors: 3, nMatched: 0, nModified: 0 });
  expect((res.cursor as { firstBatch: Document[] }).firstBatch).toEqual([
    expect.objectContaining({ ok: 0, idx: 0, n: 0, nModified: 0, code: 66 }),
    {
      ok: 0,
      idx: 1,
      n: 0,
      nModified: 0,
      code: 51198,
      errmsg: 'Constant values may only be specified for pipeline updates',
    },
    { ok: 0, idx: 2, n: 0, nModified: 0, code: 9, errmsg: 'Cannot specify sort with multi=true' },
  ]);
});

test('a document over 16 MB fails its own op with BadValue; unordered, the others are written', async () => {
  // As mongod's test does: a string grown until the document is 16 MB + 1 byte as BSON.
  const doc = { _id: 'big', value: '' };
  doc.value = 'x'.repeat(16 * 1024 * 1024 + 1 - BSON.calculateObjectSize(doc));
  const res = await admin.command({
    bulkWrite: 1,
    ops: [
      { insert: 0, document: { _id: 1 } },
      { insert: 0, document: doc },
      { insert: 0, document: { _id: 2 } },
    ],
    nsInfo: [{ ns: 'shop.orders' }],
    ordered: false,
  });

  expect(res).toMatchObject({ nErrors: 1, nInserted: 2 });
  const items = (res.cursor as { firstBatch: Document[] }).firstBatch;
  expect(items[1]).toMatchObject({ ok: 0, idx: 1, n: 0, code: 2 });
  expect(items[1]?.errmsg).toBe('object to insert too large. size in bytes: 16777217, max size: 16777216');
  expect(await shop().countDocuments()).toBe(2);
});

test('errorsOnly leaves successes out of the cursor but not out of the counts', async () => {
  const res = await admin.command({
    bulkWrite: 1,
    ops: [
      { insert: 0, document: { _id: 1 } },
      { insert: 0, document: { _id: 1 } },
    ],
    nsInfo: [{ ns: 'shop.orders' }],
    errorsOnly: true,
  });

  expect(res.cursor).toMatchObject({ id: 0, ns: 'admin.$cmd.bulkWrite' });
  expect((res.cursor as { firstBatch: Document[] }).firstBatch).toEqual([
    expect.objectContaining({ ok: 0, idx: 1, n: 0, code: 11000 }),
  ]);
  expect(res).toMatchObject({ nErrors: 1, nInserted: 1 });
});

test('a small cursor batchSize leaves the other replies to getMore', async () => {
  const res = await admin.command({
    bulkWrite: 1,
    ops: [1, 2, 3].map((i) => ({ insert: 0, document: { _id: i } })),
    nsInfo: [{ ns: 'shop.orders' }],
    cursor: { batchSize: 1 },
  });
  const cursor = res.cursor as { id: unknown; firstBatch: Document[] };
  expect(cursor.firstBatch).toEqual([{ ok: 1, idx: 0, n: 1 }]);

  const more = await admin.command({ getMore: cursor.id, collection: '$cmd.bulkWrite' });
  expect((more.cursor as { nextBatch: Document[] }).nextBatch).toEqual([
    { ok: 1, idx: 1, n: 1 },
    { ok: 1, idx: 2, n: 1 },
  ]);
});

test.each([
  [
    'outside the admin database',
    'shop',
    { ops: [{ insert: 0, document: {} }], nsInfo: [{ ns: 'shop.orders' }] },
    13,
  ],
  ['without ops', 'admin', { nsInfo: [{ ns: 'shop.orders' }] }, 40414],
  ['without nsInfo', 'admin', { ops: [{ insert: 0, document: {} }] }, 40414],
  ['with ops not an array', 'admin', { ops: 'test', nsInfo: [{ ns: 'shop.orders' }] }, 14],
  [
    'with a string namespace index',
    'admin',
    { ops: [{ insert: 'x', document: {} }], nsInfo: [{ ns: 'shop.orders' }] },
    14,
  ],
  [
    'with a document not an object',
    'admin',
    { ops: [{ insert: 0, document: 'x' }], nsInfo: [{ ns: 'shop.orders' }] },
    14,
  ],
  [
    'with an nsInfo entry not an object',
    'admin',
    { ops: [{ insert: 0, document: {} }], nsInfo: ['test'] },
    14,
  ],
  [
    'with a namespace index past nsInfo',
    'admin',
    {
      ops: [
        { insert: 0, document: {} },
        { insert: 2, document: {} },
      ],
      nsInfo: [{ ns: 'shop.orders' }, { ns: 'audit.events' }],
    },
    2,
  ],
  [
    'with an op of no known kind',
    'admin',
    { ops: [{ upsert: 0, document: {} }], nsInfo: [{ ns: 'shop.orders' }] },
    40415,
  ],
  [
    'with an unknown field',
    'admin',
    { ops: [{ insert: 0, document: {} }], nsInfo: [{ ns: 'shop.orders' }], fooField: 0 },
    40415,
  ],
  ['with no ops', 'admin', { ops: [], nsInfo: [{ ns: 'shop.orders' }] }, 16],
  [
    'with a namespace without a collection',
    'admin',
    { ops: [{ insert: 0, document: {} }], nsInfo: [{ ns: 'shop' }] },
    73,
  ],
])('a bulkWrite %s is refused whole and writes nothing', async (_name, db, fields, code) => {
  const err = await serverError(() => t.client.db(db).command({ bulkWrite: 1, ...fields }));

  expect(err.code).toBe(code);
  expect(await shop().countDocuments()).toBe(0);
  expect(await audit().countDocuments()).toBe(0);
});

test('more ops than maxWriteBatchSize are refused with InvalidLength; exactly that many run', async () => {
  const { maxWriteBatchSize } = (await admin.command({ hello: 1 })) as { maxWriteBatchSize: number };
  const ops = (n: number) => Array.from({ length: n }, () => ({ insert: 0, document: { a: 1 } }));

  const err = await serverError(() =>
    admin.command({ bulkWrite: 1, ops: ops(maxWriteBatchSize + 1), nsInfo: [{ ns: 'shop.orders' }] }),
  );
  expect(err).toMatchObject({
    code: 16,
    message: `Write batch sizes must be between 1 and ${String(maxWriteBatchSize)}. Got ${String(maxWriteBatchSize + 1)} operations.`,
  });
  const res = await admin.command({
    bulkWrite: 1,
    ops: ops(maxWriteBatchSize),
    nsInfo: [{ ns: 'shop.orders' }],
    errorsOnly: true,
  });
  expect(res).toMatchObject({ nErrors: 0, nInserted: maxWriteBatchSize });
});
