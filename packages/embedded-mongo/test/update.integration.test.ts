import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Collection, Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;
let c: Collection<Document>;

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  c = t.db('upd').collection(`u${String(Math.random()).slice(2, 8)}`);
  await c.insertOne({ _id: 1, n: 5, a: [1, 2, 3], grades: [{ g: 80 }, { g: 95 }], name: 'x' } as Document);
});

const get = async () => c.findOne({ _id: 1 } as Document);

describe('update operators (https://www.mongodb.com/docs/manual/reference/operator/update/)', () => {
  test('$set, $unset, $inc, $mul, $min, $max, $rename', async () => {
    await c.updateOne({ _id: 1 } as Document, { $set: { 'sub.x': 1 }, $inc: { n: 2 }, $unset: { name: '' } });
    expect(await get()).toMatchObject({ n: 7, sub: { x: 1 } });
    expect((await get())?.name).toBeUndefined();
    await c.updateOne({ _id: 1 } as Document, { $mul: { n: 2 }, $min: { low: 3 }, $max: { high: 9 } });
    await c.updateOne({ _id: 1 } as Document, {
      $min: { low: 1 },
      $max: { high: 4 },
      $rename: { sub: 'renamed' },
    });
    expect(await get()).toMatchObject({ n: 14, low: 1, high: 9, renamed: { x: 1 } });
  });

  test('$push with $each/$sort/$slice, $addToSet, $pop, $pull, $pullAll', async () => {
    await c.updateOne(
      { _id: 1 } as Document,
      { $push: { a: { $each: [9, 0], $sort: 1, $slice: 4 } } } as Document,
    );
    expect((await get())?.a).toEqual([0, 1, 2, 3]);
    await c.updateOne({ _id: 1 } as Document, { $addToSet: { a: { $each: [3, 4] } } });
    expect((await get())?.a).toEqual([0, 1, 2, 3, 4]);
    await c.updateOne({ _id: 1 } as Document, { $pop: { a: -1 } });
    await c.updateOne({ _id: 1 } as Document, { $pull: { a: { $gte: 3 } } } as Document);
    expect((await get())?.a).toEqual([1, 2]);
    await c.updateOne({ _id: 1 } as Document, { $pullAll: { a: [1] } } as Document);
    expect((await get())?.a).toEqual([2]);
  });

  test('$currentDate sets a Date', async () => {
    const before = Date.now();
    await c.updateOne({ _id: 1 } as Document, { $currentDate: { at: true } });
    const at = (await get())?.at as Date;
    expect(at).toBeInstanceOf(Date);
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/positional-filtered/
  test('arrayFilters, positional $ and all-positional $[]', async () => {
    await c.updateOne(
      { _id: 1 } as Document,
      { $set: { 'grades.$[hi].top': true } },
      { arrayFilters: [{ 'hi.g': { $gte: 90 } }] },
    );
    expect((await get())?.grades).toEqual([{ g: 80 }, { g: 95, top: true }]);
    await c.updateOne({ _id: 1, 'grades.g': 80 } as Document, { $inc: { 'grades.$.g': 1 } });
    expect(((await get())?.grades as unknown[])[0]).toEqual({ g: 81 });
    await c.updateOne({ _id: 1 } as Document, { $inc: { 'grades.$[].g': 1 } });
    expect(((await get())?.grades as { g: number }[]).map((x) => x.g)).toEqual([82, 96]);
  });

  // https://www.mongodb.com/docs/manual/tutorial/update-documents-with-aggregation-pipeline/
  test('pipeline-style updates', async () => {
    await c.updateOne({ _id: 1 } as Document, [
      { $set: { doubled: { $multiply: ['$n', 2] } } },
      { $unset: 'grades' },
    ]);
    const doc = await get();
    expect(doc?.doubled).toBe(10);
    expect(doc?.grades).toBeUndefined();
  });

  // https://www.mongodb.com/docs/manual/core/dot-dollar-considerations/dollar-prefix/ (MongoDB ≥ 5.0)
  test('$-prefixed field names below the top level are updatable, a top-level one is not (52)', async () => {
    const h = t.db('upd').collection('housing');
    await h.insertOne({
      _id: 'E123',
      address: { $number: 123, $street: 'Elm Road' },
      $rooms: { br: 2 },
    } as Document);
    await h.updateOne({ _id: 'E123' } as Document, { $set: { 'address.$street': 'Elm Ave' } });
    expect(await h.findOne({ 'address.$street': 'Elm Ave' })).toEqual({
      _id: 'E123',
      address: { $number: 123, $street: 'Elm Ave' },
      $rooms: { br: 2 },
    });
    const err = await serverError(() => h.updateOne({ _id: 'E123' } as Document, { $set: { $rooms: 1 } }));
    expect(err.code).toBe(52);
  });

  test('nModified counts only documents that really changed', async () => {
    const same = await c.updateOne({ _id: 1 } as Document, { $set: { n: 5 } });
    expect(same).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    const changed = await c.updateOne({ _id: 1 } as Document, { $set: { n: 6 } });
    expect(changed).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
  });

  test('updateMany updates every match', async () => {
    await c.insertMany([
      { _id: 2, k: 1 },
      { _id: 3, k: 1 },
    ] as Document[]);
    const res = await c.updateMany({ k: 1 }, { $set: { k: 2 } });
    expect(res).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    expect(await c.countDocuments({ k: 2 })).toBe(2);
  });
});

describe('upsert and $setOnInsert', () => {
  // https://www.mongodb.com/docs/manual/reference/operator/update/setOnInsert/
  test('$setOnInsert applies only when the upsert inserts, with equality fields from the filter', async () => {
    const ins = await c.updateOne(
      { email: 'a@x', 'org.id': 7 },
      { $inc: { visits: 1 }, $setOnInsert: { createdAt: 'first' } },
      { upsert: true },
    );
    expect(ins.upsertedCount).toBe(1);
    const created = await c.findOne({ _id: ins.upsertedId } as Document);
    expect(created).toMatchObject({ email: 'a@x', org: { id: 7 }, visits: 1, createdAt: 'first' });
    const again = await c.updateOne(
      { email: 'a@x' },
      { $inc: { visits: 1 }, $setOnInsert: { createdAt: 'second' } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, upsertedCount: 0 });
    expect(await c.findOne({ email: 'a@x' })).toMatchObject({ visits: 2, createdAt: 'first' });
  });

  test('an upsert takes _id from the filter and a replacement upsert keeps it', async () => {
    await c.updateOne({ _id: 'given' } as Document, { $set: { v: 1 } }, { upsert: true });
    expect(await c.findOne({ _id: 'given' } as Document)).toEqual({ _id: 'given', v: 1 });
    await c.replaceOne({ _id: 'r' } as Document, { v: 2 }, { upsert: true });
    expect(await c.findOne({ _id: 'r' } as Document)).toEqual({ _id: 'r', v: 2 });
  });
});

describe('replacement and _id immutability', () => {
  // https://www.mongodb.com/docs/manual/reference/method/db.collection.replaceOne/
  test('replaceOne keeps _id and drops other fields', async () => {
    await c.replaceOne({ _id: 1 } as Document, { only: true });
    expect(await get()).toEqual({ _id: 1, only: true });
  });

  test('changing _id answers ImmutableField (66)', async () => {
    const err = await serverError(() => c.updateOne({ _id: 1 } as Document, { $set: { _id: 2 } }));
    expect(err.code).toBe(66);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/ (conflicting paths)
  test('conflicting paths answer ConflictingUpdateOperators (40)', async () => {
    const err = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { n: 1 }, $inc: { n: 1 } }),
    );
    expect(err.code).toBe(40);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/inc/#behavior , push/#behavior
  test('type mismatches are errors, not silent no-ops', async () => {
    const inc = await serverError(() => c.updateOne({ _id: 1 } as Document, { $inc: { name: 1 } }));
    expect(inc).toMatchObject({ code: 14 });
    expect(inc.message).toContain(
      "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'name' of non-numeric type string",
    );
    const arg = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $inc: { n: 'x' } } as Document),
    );
    expect(arg.code).toBe(14);
    const push = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $push: { n: 1 } } as Document),
    );
    expect(push.code).toBe(2);
    expect(push.message).toContain("The field 'n' must be an array but is of type int");
    const path = await serverError(() => c.updateOne({ _id: 1 } as Document, { $set: { 'n.x': 1 } }));
    expect(path.code).toBe(28);
    expect(await get()).toMatchObject({ n: 5, name: 'x' });
  });

  test('an unknown update operator is refused with FailedToParse (9)', async () => {
    const err = await serverError(() => c.updateOne({ _id: 1 } as Document, { $frobnicate: { n: 1 } }));
    expect(err.code).toBe(9);
    expect(err.message).toContain('Unknown modifier: $frobnicate');
  });
});

describe('findAndModify (https://www.mongodb.com/docs/manual/reference/command/findAndModify/)', () => {
  test('returns the document before or after, honours sort, upsert and remove', async () => {
    await c.insertMany([
      { _id: 2, q: 1, r: 1 },
      { _id: 3, q: 1, r: 2 },
    ] as Document[]);
    const before = await c.findOneAndUpdate(
      { q: 1 },
      { $inc: { r: 10 } },
      { sort: { r: -1 }, returnDocument: 'before' },
    );
    expect(before).toEqual({ _id: 3, q: 1, r: 2 });
    const after = await c.findOneAndUpdate(
      { q: 1 },
      { $inc: { r: 10 } },
      { sort: { r: 1 }, returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 2, q: 1, r: 11 });
    const up = await c.findOneAndUpdate(
      { q: 99 },
      { $setOnInsert: { made: true } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(up.value).toMatchObject({ q: 99, made: true });
    expect(up.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    const removed = await c.findOneAndDelete({ q: 1 }, { sort: { r: -1 }, projection: { r: 1 } });
    expect(removed).toEqual({ _id: 3, r: 12 });
    const none = await c.findOneAndUpdate({ q: 'missing' }, { $set: { z: 1 } });
    expect(none).toBeNull();
  });
});
