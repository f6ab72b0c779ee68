import { Double, Int32, Long, ObjectId, type Collection, type Document, type PushOperator } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { connectTypedClient, startTestEngine, type TestEngine } from './helpers/engine.js';

// Updates that keep every value's type and size are applied to the stored bytes
// (src/storage/in-place-update.ts); through the driver they must answer exactly as the general path:
// https://www.mongodb.com/docs/manual/reference/operator/update/inc/,
// https://www.mongodb.com/docs/manual/reference/operator/update/slice/.
let t: TestEngine;
/** Documents with any `_id` (the tests use numbers). */
type AnyDoc = { _id?: number } & Document;
let c: Collection<AnyDoc>;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  c = t.db('inplace').collection<AnyDoc>('c');
  await c.deleteMany({});
});

const ids = (n: number) => Array.from({ length: n }, () => new ObjectId());
const pushWindow = (values: unknown[], keep: number) =>
  ({ ids: { $each: values, $slice: -keep } }) as unknown as PushOperator<Document>;

describe('updates applied to the stored bytes, through the driver', () => {
  test('a counter update answers, stores and keeps types and field order as mongod', async () => {
    const before = ids(3);
    await c.insertOne({
      _id: 1,
      n: new Int32(1),
      l: Long.fromNumber(10),
      d: new Double(0.5),
      days: [
        [0, 0],
        [0, 0],
      ],
      ids: before,
      tail: 'kept',
    });
    const pushed = new ObjectId();
    const res = await c.updateOne(
      { _id: 1, ids: { $ne: pushed } },
      { $inc: { n: 2, l: 5, d: 0.25, 'days.1.0': 3 }, $push: pushWindow([pushed], 3) },
    );
    expect([res.matchedCount, res.modifiedCount]).toEqual([1, 1]);
    const typed = await connectTypedClient(t);
    try {
      const doc = await typed.db('inplace').collection<AnyDoc>('c').findOne({ _id: 1 });
      expect(Object.keys(doc ?? {})).toEqual(['_id', 'n', 'l', 'd', 'days', 'ids', 'tail']);
      expect(doc?.n).toEqual(new Int32(3));
      expect(doc?.l).toEqual(Long.fromNumber(15));
      expect(doc?.d).toEqual(new Double(0.75));
      expect(doc?.days).toEqual([
        [new Int32(0), new Int32(0)],
        [new Int32(3), new Int32(0)],
      ]);
      expect((doc?.ids as ObjectId[]).map(String)).toEqual([before[1], before[2], pushed].map(String));
    } finally {
      await typed.close();
    }
    // Counted once: the same id again matches nothing.
    const again = await c.updateOne({ _id: 1, ids: { $ne: pushed } }, { $inc: { n: 2 } });
    expect([again.matchedCount, again.modifiedCount]).toEqual([0, 0]);
  });

  test('findOneAndUpdate returns the document before or after an update done in place', async () => {
    await c.insertOne({ _id: 1, n: 1, big: Long.fromString('9007199254740993'), at: new Date(0) });
    const typed = await connectTypedClient(t);
    try {
      const tc = typed.db('inplace').collection<AnyDoc>('c');
      const old = await tc.findOneAndUpdate({ _id: 1 }, { $inc: { n: 1 }, $set: { at: new Date(5) } });
      expect(old).toEqual({
        _id: new Int32(1),
        n: new Int32(1),
        big: Long.fromString('9007199254740993'),
        at: new Date(0),
      });
      const after = await tc.findOneAndUpdate(
        { _id: 1 },
        { $inc: { n: 1 } },
        { returnDocument: 'after', projection: { n: 1, big: 1 } },
      );
      expect(after).toEqual({ _id: new Int32(1), n: new Int32(3), big: Long.fromString('9007199254740993') });
    } finally {
      await typed.close();
    }
  });

  test('a no-op (increment by 0, same value) counts as matched, not modified', async () => {
    await c.insertOne({ _id: 1, n: 4, at: new Date(7) });
    const res = await c.updateOne({ _id: 1 }, { $inc: { n: 0 }, $set: { at: new Date(7) } });
    expect([res.matchedCount, res.modifiedCount]).toEqual([1, 0]);
  });

  test('an indexed field changed by $inc moves in its index', async () => {
    await c.createIndex({ n: 1 });
    await c.insertMany([
      { _id: 1, n: 1 },
      { _id: 2, n: 5 },
    ]);
    await c.updateOne({ _id: 1 }, { $inc: { n: 10 } });
    expect(await c.find({ n: { $gt: 6 } }).toArray()).toEqual([{ _id: 1, n: 11 }]);
    expect(await c.find({ n: 1 }).toArray()).toEqual([]);
  });

  test('updateMany applies to every match, in place or not', async () => {
    await c.insertMany([
      { _id: 1, n: 1 },
      { _id: 2, n: 1.5 },
      { _id: 3, s: 'x' },
    ]);
    const res = await c.updateMany({}, { $inc: { n: 1 } });
    expect([res.matchedCount, res.modifiedCount]).toEqual([3, 3]);
    expect(await c.find().toArray()).toEqual([
      { _id: 1, n: 2 },
      { _id: 2, n: 2.5 },
      { _id: 3, s: 'x', n: 1 },
    ]);
  });
});
