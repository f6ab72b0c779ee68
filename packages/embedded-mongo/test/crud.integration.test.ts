import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ObjectId, type Collection } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;
let c: Collection;

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  c = t.db('crud').collection(`c${String(Math.random()).slice(2, 8)}`);
  await c.insertMany([
    { _id: 1 as unknown as ObjectId, name: 'ann', age: 31, tags: ['a', 'b'], addr: { city: 'Oslo' } },
    { _id: 2 as unknown as ObjectId, name: 'bob', age: 25, tags: ['b'], addr: { city: 'Rome' } },
    {
      _id: 3 as unknown as ObjectId,
      name: 'cy',
      age: 40,
      tags: [],
      scores: [
        { k: 'x', v: 1 },
        { k: 'y', v: 5 },
      ],
    },
  ]);
});

describe('find', () => {
  // https://www.mongodb.com/docs/manual/reference/operator/query/
  test('comparison, logical, element and array query operators', async () => {
    const ids = async (f: object) =>
      (await c.find(f).sort({ _id: 1 }).toArray()).map((d) => d._id as unknown);
    expect(await ids({ age: { $gt: 30 } })).toEqual([1, 3]);
    expect(await ids({ age: { $gte: 25, $lt: 40 } })).toEqual([1, 2]);
    expect(await ids({ name: { $in: ['ann', 'cy'] } })).toEqual([1, 3]);
    expect(await ids({ name: { $nin: ['ann', 'cy'] } })).toEqual([2]);
    expect(await ids({ $or: [{ age: 25 }, { name: 'cy' }] })).toEqual([2, 3]);
    expect(await ids({ $nor: [{ age: 25 }, { name: 'cy' }] })).toEqual([1]);
    expect(await ids({ age: { $not: { $gt: 30 } } })).toEqual([2]);
    expect(await ids({ addr: { $exists: false } })).toEqual([3]);
    expect(await ids({ tags: 'b' })).toEqual([1, 2]);
    expect(await ids({ tags: { $size: 0 } })).toEqual([3]);
    expect(await ids({ tags: { $all: ['a', 'b'] } })).toEqual([1]);
    expect(await ids({ scores: { $elemMatch: { k: 'y', v: { $gt: 4 } } } })).toEqual([3]);
    expect(await ids({ 'addr.city': 'Rome' })).toEqual([2]);
    expect(await ids({ name: { $regex: '^b' } })).toEqual([2]);
    expect(await ids({ age: { $type: 'int' } })).toEqual([1, 2, 3]);
    expect(await ids({ $expr: { $gt: ['$age', 30] } })).toEqual([1, 3]);
  });

  // https://www.mongodb.com/docs/manual/reference/method/cursor.sort/ , cursor.skip/, cursor.limit/
  test('sort, skip and limit', async () => {
    const docs = await c.find({}).sort({ age: -1 }).skip(1).limit(1).toArray();
    expect(docs.map((d) => d.name as unknown)).toEqual(['ann']);
  });

  // https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/
  test('sort across BSON types follows the comparison order', async () => {
    const m = t.db('crud').collection('mixed');
    await m.insertMany([
      { v: 'str' },
      { v: 5 },
      { v: null },
      { v: new Date(0) },
      { v: true },
      { v: { a: 1 } },
      { v: new ObjectId('000000000000000000000001') },
    ]);
    const order = (
      await m
        .find({}, { projection: { _id: 0 } })
        .sort({ v: 1 })
        .toArray()
    ).map((d) => {
      const v = d.v as unknown;
      return typeof v === 'object' && v !== null ? v.constructor.name : typeof v;
    });
    expect(order).toEqual(['object', 'number', 'string', 'Object', 'ObjectId', 'boolean', 'Date']);
  });

  // https://www.mongodb.com/docs/manual/tutorial/project-fields-from-query-results/
  test('projection: inclusion, exclusion, _id suppression, $slice and $elemMatch', async () => {
    expect(await c.findOne({ _id: 1 as unknown as ObjectId }, { projection: { name: 1 } })).toEqual({
      _id: 1,
      name: 'ann',
    });
    expect(
      await c.findOne({ _id: 1 as unknown as ObjectId }, { projection: { _id: 0, name: 1, 'addr.city': 1 } }),
    ).toEqual({ name: 'ann', addr: { city: 'Oslo' } });
    expect(
      await c.findOne({ _id: 2 as unknown as ObjectId }, { projection: { tags: 0, addr: 0, age: 0 } }),
    ).toEqual({ _id: 2, name: 'bob' });
    expect(
      await c.findOne({ _id: 1 as unknown as ObjectId }, { projection: { tags: { $slice: 1 }, name: 1 } }),
    ).toEqual({ _id: 1, name: 'ann', tags: ['a'] });
    expect(
      await c.findOne(
        { _id: 3 as unknown as ObjectId },
        { projection: { scores: { $elemMatch: { k: 'y' } } } },
      ),
    ).toEqual({ _id: 3, scores: [{ k: 'y', v: 5 }] });
  });

  test('find on a collection that does not exist returns nothing', async () => {
    expect(await t.db('crud').collection('nope').find({}).toArray()).toEqual([]);
  });
});

describe('insert', () => {
  // https://www.mongodb.com/docs/manual/reference/method/db.collection.insertOne/#_id-field
  test('an ObjectId _id is generated when absent and kept as the first field', async () => {
    const res = await c.insertOne({ x: 1 });
    expect(res.insertedId).toBeInstanceOf(ObjectId);
    const raw = await c.findOne({ x: 1 });
    expect(Object.keys(raw ?? {})[0]).toBe('_id');
  });

  // https://www.mongodb.com/docs/manual/reference/method/db.collection.insertMany/#error-handling
  test('ordered insertMany stops at the first error; unordered continues', async () => {
    const ordered = await c
      .insertMany([{ _id: 10 }, { _id: 1 }, { _id: 11 }] as never[])
      .catch((e: { insertedCount: number; writeErrors: unknown[] }) => e);
    expect((ordered as { insertedCount: number }).insertedCount).toBe(1);
    expect(await c.countDocuments({ _id: 11 as unknown as ObjectId })).toBe(0);
    const unordered = await c
      .insertMany([{ _id: 20 }, { _id: 2 }, { _id: 21 }] as never[], { ordered: false })
      .catch((e: unknown) => e);
    expect((unordered as { insertedCount: number }).insertedCount).toBe(2);
    expect(await c.countDocuments({ _id: 21 as unknown as ObjectId })).toBe(1);
  });
});

describe('delete', () => {
  // https://www.mongodb.com/docs/manual/reference/command/delete/
  test('deleteOne removes one match, deleteMany all', async () => {
    expect((await c.deleteOne({ age: { $gt: 0 } })).deletedCount).toBe(1);
    expect((await c.deleteMany({ age: { $gt: 0 } })).deletedCount).toBe(2);
    expect(await c.countDocuments()).toBe(0);
  });
});

describe('count and distinct', () => {
  // https://www.mongodb.com/docs/manual/reference/command/distinct/ : array fields are unwound
  test('distinct unwinds arrays and count honours the query', async () => {
    expect((await c.distinct('tags')).sort()).toEqual(['a', 'b']);
    expect(await c.distinct('name', { age: { $lt: 35 } })).toEqual(['ann', 'bob']);
    const res = await t.db('crud').command({ count: c.collectionName, query: { age: { $gte: 30 } } });
    expect(res.n).toBe(2);
    expect(await c.estimatedDocumentCount()).toBe(3);
    await c.insertMany([{ name: null }, { other: 1 }]);
    expect(await c.distinct('name')).toEqual([null, 'ann', 'bob', 'cy']);
    expect(await c.distinct('addr.city')).toEqual(['Oslo', 'Rome']);
  });
});
