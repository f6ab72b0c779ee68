import { Double, Int32, Long, ObjectId, type Collection, type Document, type PushOperator } from 'mongodb';
import { beforeEach, describe, expect, test } from 'vitest';
import { typedEngineHooks } from './helpers/engine.js';

// Updates that keep every value's type and size are applied to the stored bytes
// (src/storage/in-place-update.ts); through the driver they must answer exactly as the general path:
// https://www.mongodb.com/docs/manual/reference/operator/update/inc/,
// https://www.mongodb.com/docs/manual/reference/operator/update/slice/.
// Values are read as the server wrote them (Int32, Long, Double).
const engine = typedEngineHooks();
let c: Collection;
beforeEach(async () => {
  c = engine.db('inplace').collection('c');
  await c.deleteMany({});
});

const int = (n: number) => new Int32(n);
/** Matched and modified counts (this client reads them as Int32s). */
const counts = (res: { matchedCount: unknown; modifiedCount: unknown }) => [
  Number(res.matchedCount),
  Number(res.modifiedCount),
];
const ids = (n: number) => Array.from({ length: n }, () => new ObjectId());
const pushWindow = (values: unknown[], keep: number) =>
  ({ ids: { $each: values, $slice: -keep } }) as unknown as PushOperator<Document>;

describe('updates applied to the stored bytes, through the driver', () => {
  test('a counter update answers, stores and keeps types and field order as mongod', async () => {
    const before = ids(3);
    await c.insertOne({
      _id: new ObjectId(),
      n: int(1),
      l: Long.fromNumber(10),
      d: new Double(0.5),
      days: [
        [int(0), int(0)],
        [int(0), int(0)],
      ],
      ids: before,
      tail: 'kept',
    });
    const pushed = new ObjectId();
    const res = await c.updateOne(
      { n: int(1), ids: { $ne: pushed } },
      {
        $inc: { n: int(2), l: int(5), d: new Double(0.25), 'days.1.0': int(3) },
        $push: pushWindow([pushed], 3),
      },
    );
    expect(counts(res)).toEqual([1, 1]);
    const doc = await c.findOne({});
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'n', 'l', 'd', 'days', 'ids', 'tail']);
    expect([doc?.n, doc?.l, doc?.d]).toEqual([int(3), Long.fromNumber(15), new Double(0.75)]);
    expect(doc?.days).toEqual([
      [int(0), int(0)],
      [int(3), int(0)],
    ]);
    expect((doc?.ids as ObjectId[]).map(String)).toEqual([before[1], before[2], pushed].map(String));
    // Counted once: the same id again matches nothing.
    const again = await c.updateOne({ ids: { $ne: pushed } }, { $inc: { n: int(2) } });
    expect(counts(again)).toEqual([0, 0]);
  });

  test('findOneAndUpdate returns the document before or after an update done in place', async () => {
    const big = Long.fromString('9007199254740993');
    await c.insertOne({ _id: new ObjectId(), n: int(1), big, at: new Date(0) });
    const old = await c.findOneAndUpdate({}, { $inc: { n: int(1) }, $set: { at: new Date(5) } });
    expect(old).toMatchObject({ n: int(1), big, at: new Date(0) });
    const after = await c.findOneAndUpdate(
      {},
      { $inc: { n: int(1) } },
      { returnDocument: 'after', projection: { _id: 0, n: 1, big: 1 } },
    );
    expect(after).toEqual({ n: int(3), big });
  });

  test('a no-op (increment by 0, same value) counts as matched, not modified', async () => {
    await c.insertOne({ n: int(4), at: new Date(7) });
    const res = await c.updateOne({}, { $inc: { n: int(0) }, $set: { at: new Date(7) } });
    expect(counts(res)).toEqual([1, 0]);
  });

  test('an indexed field changed by $inc moves in its index', async () => {
    await c.createIndex({ n: 1 });
    await c.insertMany([{ n: int(1) }, { n: int(5) }]);
    await c.updateOne({ n: int(1) }, { $inc: { n: int(10) } });
    expect((await c.find({ n: { $gt: 6 } }).toArray()).map((d): unknown => d.n)).toEqual([int(11)]);
    expect(await c.find({ n: 1 }).toArray()).toEqual([]);
  });

  test('updateMany applies to every match, in place or not', async () => {
    await c.insertMany([
      { k: 1, n: int(1) },
      { k: 2, n: new Double(1.5) },
      { k: 3, s: 'x' },
    ]);
    const res = await c.updateMany({}, { $inc: { n: int(1) } });
    expect(counts(res)).toEqual([3, 3]);
    const docs = await c.find({}, { projection: { _id: 0 }, sort: { k: 1 } }).toArray();
    expect(docs).toEqual([
      { k: int(1), n: int(2) },
      { k: int(2), n: new Double(2.5) },
      { k: int(3), s: 'x', n: int(1) },
    ]);
  });

  test('$unset of an indexed field leaves its partial index, and answers as mongod', async () => {
    await c.createIndex(
      { countersPending: 1, createdAt: 1 },
      { partialFilterExpression: { countersPending: true } },
    );
    await c.insertMany([
      { k: 1, countersPending: true, createdAt: new Date(1), tail: 'kept' },
      { k: 2, countersPending: true, createdAt: new Date(2) },
    ]);
    const res = await c.updateOne({ k: 1, countersPending: true }, { $unset: { countersPending: 1 } });
    expect(counts(res)).toEqual([1, 1]);
    const pending = c.find({ countersPending: true }, { projection: { _id: 0, k: 1 } });
    expect(await pending.hint({ countersPending: 1, createdAt: 1 }).toArray()).toEqual([{ k: int(2) }]);
    expect(await c.findOne({ k: 1 }, { projection: { _id: 0 } })).toEqual({
      k: int(1),
      createdAt: new Date(1),
      tail: 'kept',
    });
    // Again: the field is gone, so the filter matches nothing; without it in the filter, a no-op.
    expect(
      counts(await c.updateOne({ k: 1, countersPending: true }, { $unset: { countersPending: 1 } })),
    ).toEqual([0, 0]);
    expect(counts(await c.updateOne({ k: 1 }, { $unset: { countersPending: 1 } }))).toEqual([1, 0]);
    const before = await c.findOneAndUpdate({ k: 2 }, { $unset: { countersPending: '' } });
    expect(before).toMatchObject({ k: int(2), countersPending: true });
    expect(await pending.clone().hint({ countersPending: 1, createdAt: 1 }).toArray()).toEqual([]);
  });

  test('$unset rekeys the indexes reading a removed field, in key or partial filter, and keeps the others right', async () => {
    await c.createIndex({ code: 1 }, { unique: true });
    await c.createIndex({ pending: 1, k: 1 });
    await c.createIndex(
      { k: 1 },
      { name: 'k_pending', unique: true, partialFilterExpression: { pending: true } },
    );
    await c.createIndex({ flag: 1 }, { sparse: true });
    await c.insertMany([
      { k: 1, code: 'a', pending: true, flag: 'a' },
      { k: 2, code: 'b', pending: true, flag: 'b' },
    ]);
    expect(counts(await c.updateOne({ k: 1 }, { $unset: { pending: 1, flag: 1 } }))).toEqual([1, 1]);
    // The partial unique index no longer holds k: 1 (a stale entry would refuse this insert).
    await c.insertOne({ k: 1, code: 'c', pending: true });
    const hinted = (filter: Document, hint: Document | string) =>
      c
        .find(filter, { projection: { _id: 0, code: 1 } })
        .sort({ code: 1 })
        .hint(hint)
        .toArray();
    expect(await hinted({ pending: true }, 'k_pending')).toEqual([{ code: 'b' }, { code: 'c' }]);
    expect(await hinted({ pending: null }, { pending: 1, k: 1 })).toEqual([{ code: 'a' }]);
    expect(await hinted({ flag: { $exists: true } }, { flag: 1 })).toEqual([{ code: 'b' }]);
    // The unique index on code read no removed field and was left alone: its entry still holds.
    await expect(c.insertOne({ k: 9, code: 'a' })).rejects.toThrow(/^E11000 duplicate key error/);
    expect(await hinted({ code: { $gte: 'a' } }, { code: 1 })).toEqual([
      { code: 'a' },
      { code: 'b' },
      { code: 'c' },
    ]);
  });

  test('$unset of a uniquely indexed field is refused when its missing value is taken, and changes nothing', async () => {
    await c.createIndex({ code: 1 }, { unique: true });
    await c.insertMany([{ k: 1 }, { k: 2, code: 'x' }]);
    await expect(c.updateOne({ k: 2 }, { $unset: { code: 1 } })).rejects.toThrow(
      /^E11000 duplicate key error/,
    );
    expect(await c.findOne({ k: 2 }, { projection: { _id: 0 } })).toEqual({ k: int(2), code: 'x' });
    expect(await c.find({ code: 'x' }, { projection: { _id: 0, k: 1 } }).toArray()).toEqual([{ k: int(2) }]);
    const after = await c.findOneAndUpdate(
      { k: 1 },
      { $unset: { k: 1 } },
      { returnDocument: 'after', projection: { _id: 0 } },
    );
    expect(after).toEqual({});
  });
});
