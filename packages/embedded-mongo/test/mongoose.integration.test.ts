import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import mongoose, { Schema, type Connection } from 'mongoose';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';

let engine: EmbeddedMongo;
let conn: Connection;

const User = new Schema(
  { email: { type: String, required: true, unique: true }, name: String },
  { timestamps: true },
);
const Form = new Schema({
  ownerId: { type: Schema.Types.ObjectId, index: true },
  title: String,
  quota: { used: { type: Number, default: 0 } },
});
const Submission = new Schema({
  formId: { type: Schema.Types.ObjectId, required: true },
  data: Schema.Types.Mixed,
  createdAt: { type: Date, default: Date.now },
});
Submission.index({ formId: 1, _id: -1 });
const Counter = new Schema({ key: { type: String, unique: true }, n: Number, firstSeen: Date });
const Session = new Schema({ token: String, expiresAt: { type: Date, expires: 0 } });

beforeAll(async () => {
  engine = await startEmbeddedMongo({ port: 0, ttlIntervalMs: 100 });
  conn = await mongoose.createConnection(`${engine.uri}formwell`).asPromise();
});
afterAll(async () => {
  await conn.close();
  await engine.stop();
});

describe('mongoose 9 against the engine', () => {
  test('models sync their indexes and unique violations surface as E11000', async () => {
    const Users = conn.model('User', User);
    await Users.init();
    const u = await Users.create({ email: 'a@x.io', name: 'A' });
    expect(u.createdAt).toBeInstanceOf(Date);
    const err = (await Users.create({ email: 'a@x.io' }).catch((e: unknown) => e)) as {
      code: number;
      keyValue: unknown;
    };
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: 'a@x.io' });
    expect((await Users.findById(u._id).lean())?.email).toBe('a@x.io');
    expect((await Users.findOne({ email: 'a@x.io' }).lean())?.name).toBe('A');
    const names = (await Users.listIndexes()).map((i: { name: string }) => i.name);
    expect(names).toEqual(['_id_', 'email_1']);
  });

  // https://www.mongodb.com/docs/manual/reference/method/db.collection.findOneAndUpdate/
  test('findOneAndUpdate with $inc/$set/$setOnInsert and upsert (counters, quotas)', async () => {
    const Counters = conn.model('Counter', Counter);
    await Counters.init();
    const first = await Counters.findOneAndUpdate(
      { key: 'k' },
      { $inc: { n: 1 }, $setOnInsert: { firstSeen: new Date('2026-01-01') } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    expect(first).toMatchObject({ key: 'k', n: 1, firstSeen: new Date('2026-01-01') });
    const second = await Counters.findOneAndUpdate(
      { key: 'k' },
      { $inc: { n: 1 }, $set: { touched: true }, $setOnInsert: { firstSeen: new Date('2030-01-01') } },
      { upsert: true, returnDocument: 'after', strict: false },
    ).lean();
    expect(second).toMatchObject({ n: 2, firstSeen: new Date('2026-01-01') });

    const Forms = conn.model('Form', Form);
    const form = await Forms.create({ title: 'F', ownerId: new mongoose.Types.ObjectId() });
    // Atomic quota check-and-increment: only succeeds while used < 2.
    const bump = () =>
      Forms.findOneAndUpdate(
        { _id: form._id, 'quota.used': { $lt: 2 } },
        { $inc: { 'quota.used': 1 } },
        { returnDocument: 'after' },
      ).lean();
    expect((await bump())?.quota?.used).toBe(1);
    expect((await bump())?.quota?.used).toBe(2);
    expect(await bump()).toBeNull();
  });

  test('cursor pagination of submissions by (formId, _id desc)', async () => {
    const Subs = conn.model('Submission', Submission);
    await Subs.init();
    const formId = new mongoose.Types.ObjectId();
    const other = new mongoose.Types.ObjectId();
    await Subs.insertMany(
      Array.from({ length: 25 }, (_, i) => ({ formId: i % 5 === 0 ? other : formId, data: { i } })),
    );
    const pages: number[][] = [];
    let cursor: mongoose.Types.ObjectId | undefined;
    for (;;) {
      const filter = cursor ? { formId, _id: { $lt: cursor } } : { formId };
      const page = await Subs.find(filter).sort({ _id: -1 }).limit(7).lean();
      if (page.length === 0) break;
      pages.push(page.map((p) => (p.data as { i: number }).i));
      cursor = page[page.length - 1]?._id;
    }
    expect(pages.map((p) => p.length)).toEqual([7, 7, 6]);
    const all = pages.flat();
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(await Subs.countDocuments({ formId })).toBe(20);
    expect(await Subs.estimatedDocumentCount()).toBe(25);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/facet/
  test('aggregate with $match/$group/$sort/$facet', async () => {
    const Subs = conn.model('Submission', Submission);
    const [res] = await Subs.aggregate<{ byForm: { _id: unknown; n: number }[]; total: { n: number }[] }>([
      { $match: { 'data.i': { $gte: 0 } } },
      {
        $facet: {
          byForm: [{ $group: { _id: '$formId', n: { $sum: 1 } } }, { $sort: { n: -1 } }],
          total: [{ $count: 'n' }],
        },
      },
    ]);
    expect(res?.byForm.map((b) => b.n)).toEqual([20, 5]);
    expect(res?.total).toEqual([{ n: 25 }]);
  });

  test('updateMany, deleteMany, distinct and lean queries', async () => {
    const Forms = conn.model('Form', Form);
    await Forms.updateMany({}, { $set: { title: 'Renamed' } });
    expect(await Forms.distinct('title')).toEqual(['Renamed']);
    const res = await Forms.deleteMany({ title: 'Renamed' });
    expect(res.deletedCount).toBe(1);
  });

  // https://www.mongodb.com/docs/manual/core/index-ttl/
  test('TTL index on sessions expires old sessions', async () => {
    const Sessions = conn.model('Session', Session);
    await Sessions.init();
    await Sessions.create([
      { token: 'old', expiresAt: new Date(Date.now() - 5000) },
      { token: 'new', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    // The sweeper runs every 100 ms here: wait until it has removed the expired session.
    await vi.waitFor(async () => expect(await Sessions.countDocuments({ token: 'old' })).toBe(0), {
      timeout: 30_000,
      interval: 50,
    });
    expect((await Sessions.find().lean()).map((s) => s.token)).toEqual(['new']);
  });
});
