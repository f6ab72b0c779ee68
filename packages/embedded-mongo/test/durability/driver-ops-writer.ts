/**
 * Child process for the end-to-end "every kind of write" test (run with `node --import tsx`):
 * starts the engine on argv[2], runs one of each write command through the official driver, prints
 * `dump <extended json>` of the result, then idles until the test SIGKILLs it.
 */
import { Binary, Decimal128, Long, ObjectId } from 'bson';
import { MongoClient, type Document, type PushOperator } from 'mongodb';
import { startEmbeddedMongo } from '../../src/index.js';
import { dumpAll } from './driver-dump.js';

const server = await startEmbeddedMongo({ dbPath: process.argv[2] ?? '' });
const client = await MongoClient.connect(server.uri);
const shop = client.db('shop');
type Order = {
  _id: number;
  customer?: string;
  at?: Date;
  total?: Decimal128;
  big?: Long;
  blob?: Binary;
  lines?: Array<{ sku: string; qty: unknown }>;
  code?: string;
  status?: string;
  visits?: number;
  replaced?: boolean;
  created?: boolean;
  n?: number;
};
type Keyed<T> = { _id: T; at?: Date };

await shop.createCollection('orders');
const orders = shop.collection<Order>('orders');
await orders.createIndex({ customer: 1, at: -1 }, { name: 'cust_at' });
await orders.createIndex({ code: 1 }, { unique: true, partialFilterExpression: { code: { $exists: true } } });
await orders.createIndex({ tmp: 1 });
await orders.dropIndex('tmp_1');
await shop.collection<Keyed<ObjectId>>('sessions').createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
await shop
  .collection('sessions')
  .insertOne({ _id: new ObjectId('65f000000000000000000001'), at: new Date() });

await orders.insertMany(
  Array.from({ length: 20 }, (_, i) => ({
    _id: i,
    customer: `c${i % 4}`,
    at: new Date(Date.UTC(2026, 0, 1 + i)),
    total: Decimal128.fromString(`${i}.50`),
    big: Long.fromString('9007199254740993'),
    blob: new Binary(Buffer.from([i, 255, 0])),
    lines: [
      { sku: 'a', qty: i },
      { sku: 'b', qty: [1, 2, { deep: true }] },
    ],
    ...(i % 2 === 0 ? { code: `K${i}` } : {}),
  })),
);
await orders.updateOne({ _id: 1 }, { $set: { status: 'paid' }, $push: { lines: { sku: 'c', qty: 9 } } });
await orders.updateMany({ customer: 'c2' }, { $inc: { visits: 1 }, $unset: { blob: '' } });
await orders.replaceOne({ _id: 3 }, { customer: 'c3', replaced: true });
await orders.deleteOne({ _id: 4 });
await orders.deleteMany({ customer: 'c1' });
await orders.findOneAndUpdate(
  { _id: 100 },
  { $setOnInsert: { created: true }, $set: { n: 1 } },
  { upsert: true },
);
await orders.findOneAndDelete({ _id: 8 });
await orders.updateOne({ _id: 10 }, { $set: { customer: 'c0' } }); // a no-op write must not break anything

// Counter updates the engine applies to the stored bytes (storage/in-place-update.ts).
const counters = shop.collection<Keyed<string> & Document>('counters');
const counted = [1, 2, 3, 4].map((i) => new ObjectId(`65f00000000000000000000${String(i)}`));
await counters.insertOne({
  _id: 'k',
  n: 0,
  at: new Date(0),
  days: [
    [0, 0],
    [0, 0],
  ],
  ids: counted.slice(0, 3),
});
const window = { ids: { $each: [counted[3]], $slice: -3 } } as unknown as PushOperator<Document>;
await counters.updateOne(
  { _id: 'k' },
  { $inc: { n: 2, 'days.1.0': 5 }, $set: { at: new Date(9) }, $push: window },
);
await counters.findOneAndUpdate({ _id: 'k' }, { $inc: { n: 1 } }, { returnDocument: 'after' });

await shop.collection<Keyed<string>>('tmp').insertOne({ _id: 'x' });
await shop.collection<Keyed<string>>('tmp').drop();
await client.db('scratch').collection<Keyed<number>>('c').insertOne({ _id: 1 });
await client.db('scratch').dropDatabase();
await client.db('other').collection<Keyed<string>>('c').insertOne({ _id: 'kept' });

process.stdout.write(`dump ${await dumpAll(client)}\n`);
setInterval(() => undefined, 60_000); // stay up until killed, connections open
