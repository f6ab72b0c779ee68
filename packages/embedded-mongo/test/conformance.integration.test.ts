import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Decimal128, Long, ObjectId, Timestamp, type Collection, type Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// Discrepancies with mongod found in review, one test per fix, each citing the manual page that
// states the expected behaviour.

let t: TestEngine;
let c: Collection<Document>;

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(() => {
  c = t.db('conf').collection(`c${String(Math.random()).slice(2, 8)}`);
});

const ids = async (filter: Document, options: Document = {}) =>
  (await c.find(filter, options).toArray()).map((d) => d._id as unknown);

describe('several paths under one positional element', () => {
  const X = new ObjectId();
  const Y = new ObjectId();
  beforeEach(async () => {
    await c.insertOne({
      _id: 1,
      outbox: [
        { _id: X, status: 'pending', attempts: 0 },
        { _id: Y, status: 'pending', attempts: 0 },
      ],
    } as Document);
  });
  const outbox = async () => (await c.findOne({ _id: 1 } as Document))?.outbox as Document[];

  // https://www.mongodb.com/docs/manual/reference/operator/update/positional-filtered/
  test('two fields of one $[e] element in one $set', async () => {
    const d = new Date(0);
    const res = await c.updateOne(
      { _id: 1 } as Document,
      { $set: { 'outbox.$[e].status': 'done', 'outbox.$[e].doneAt': d } },
      { arrayFilters: [{ 'e._id': Y, 'e.status': 'pending' }] },
    );
    expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await outbox()).toEqual([
      { _id: X, status: 'pending', attempts: 0 },
      { _id: Y, status: 'done', attempts: 0, doneAt: d },
    ]);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/positional/
  test('$inc and $set on two fields of the $ element', async () => {
    const res = await c.updateOne({ _id: 1, 'outbox._id': Y } as Document, {
      $inc: { 'outbox.$.attempts': 1 },
      $set: { 'outbox.$.lastError': 'x' },
    });
    expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect((await outbox())[1]).toEqual({ _id: Y, status: 'pending', attempts: 1, lastError: 'x' });
    expect((await outbox())[0]).toEqual({ _id: X, status: 'pending', attempts: 0 });
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/positional/ ("acts as a
  // placeholder for the first element that matches the query"): every path uses the position the
  // query matched, even when the first path changes the field the query tested.
  test('$ keeps the matched position for every path of the update', async () => {
    await c.updateOne({ _id: 1, 'outbox.status': 'pending' } as Document, {
      $set: { 'outbox.$.status': 'done', 'outbox.$.doneAt': 1 },
    });
    expect((await outbox())[0]).toMatchObject({ _id: X, status: 'done', doneAt: 1 });
    expect((await outbox())[1]).toEqual({ _id: Y, status: 'pending', attempts: 0 });
  });

  test('$[] and $[e] on the same array, and $ with $elemMatch', async () => {
    await c.updateOne(
      { _id: 1 } as Document,
      { $inc: { 'outbox.$[].attempts': 1 }, $set: { 'outbox.$[p].flag': true } },
      { arrayFilters: [{ 'p._id': X }] },
    );
    expect((await outbox()).map((e): unknown[] => [e.attempts, e.flag])).toEqual([
      [1, true],
      [1, undefined],
    ]);
    await c.updateOne({ _id: 1, outbox: { $elemMatch: { _id: Y, attempts: 1 } } } as Document, {
      $set: { 'outbox.$.status': 'y', 'outbox.$.n': 2 },
    });
    expect((await outbox())[1]).toMatchObject({ status: 'y', n: 2 });
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/#behavior and
  // https://www.mongodb.com/docs/manual/reference/command/update/#std-label-update-command-arrayFilters
  test('real conflicts and malformed array filters are still refused', async () => {
    const prefix = await serverError(() => c.updateOne({ _id: 1 } as Document, { $set: { a: 1, 'a.b': 2 } }));
    expect(prefix).toMatchObject({ code: 40, codeName: 'ConflictingUpdateOperators' });
    expect(prefix.message).toBe("Updating the path 'a.b' would create a conflict at 'a'");
    const same = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { 'a.0': 1 }, $inc: { 'a.0': 1 } }),
    );
    expect(same).toMatchObject({ code: 40, codeName: 'ConflictingUpdateOperators' });
    expect(same.message).toBe("Updating the path 'a.0' would create a conflict at 'a.0'");
    const below = await serverError(() => c.updateOne({ _id: 1 } as Document, { $inc: { 'x.y': 1, x: 1 } }));
    expect(below.message).toBe("Updating the path 'x' would create a conflict at 'x.y'");
    // A path that only starts with the same letters is another field.
    await c.updateOne({ _id: 1 } as Document, { $set: { ab: 1, 'a.b': 2 } });
    expect(await c.findOne({ _id: 1 } as Document, { projection: { ab: 1, a: 1 } })).toEqual({
      _id: 1,
      ab: 1,
      a: { b: 2 },
    });
    const positional = await serverError(() =>
      c.updateOne(
        { _id: 1 } as Document,
        { $set: { 'outbox.$[e]': 1, 'outbox.$[e].status': 2 } },
        {
          arrayFilters: [{ 'e._id': X }],
        },
      ),
    );
    expect(positional.code).toBe(40);
    // Two patterns that designate the same element conflict when applied, as in mongod.
    const applied = await serverError(() =>
      c.updateOne(
        { _id: 1 } as Document,
        { $set: { 'outbox.$[].status': 'a', 'outbox.$[e].status': 'b' } },
        { arrayFilters: [{ 'e._id': X }] },
      ),
    );
    expect(applied).toMatchObject({ code: 40, message: "Update created a conflict at 'outbox.0.status'" });
    const unused = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { x: 1 } }, { arrayFilters: [{ 'e._id': X }] }),
    );
    expect(unused.code).toBe(9);
    expect(unused.message).toMatch(/^The array filter for identifier 'e' was not used in the update/);
    const undefinedId = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { 'outbox.$[q].x': 1 } }),
    );
    expect(undefinedId).toMatchObject({
      code: 2,
      message: "No array filter found for identifier 'q' in path 'outbox.$[q].x'",
    });
    const noMatch = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { 'outbox.$.x': 1 } }),
    );
    expect(noMatch).toMatchObject({
      code: 2,
      message: 'The positional operator did not find the match needed from the query.',
    });
    const missing = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { 'nope.$[].x': 1 } }),
    );
    expect(missing).toMatchObject({
      code: 2,
      message: "The path 'nope' must exist in the document in order to apply array updates.",
    });
  });

  test('findOneAndUpdate with two paths under $[e] returns the updated element', async () => {
    const after = await c.findOneAndUpdate(
      { _id: 1 } as Document,
      { $set: { 'outbox.$[e].status': 'done' }, $inc: { 'outbox.$[e].attempts': 2 } },
      { arrayFilters: [{ 'e._id': X }], returnDocument: 'after' },
    );
    expect((after?.outbox as Document[])[0]).toEqual({ _id: X, status: 'done', attempts: 2 });
  });
});

describe('update paths', () => {
  // https://www.mongodb.com/docs/manual/reference/operator/update/push/#behavior
  test('$push with $each and $slice/$sort/$position on a missing field applies the modifiers', async () => {
    await c.insertOne({ _id: 1 } as Document);
    await c.updateOne(
      { _id: 1 } as Document,
      {
        $push: { last: { $each: [1, 2, 3, 4], $slice: -2 }, 'sub.sorted': { $each: [3, 1, 2], $sort: 1 } },
      } as Document,
    );
    expect(await c.findOne({ _id: 1 } as Document)).toEqual({
      _id: 1,
      last: [3, 4],
      sub: { sorted: [1, 2, 3] },
    });
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/set/ (array elements are set by
  // index or positional operator; a field name inside an array cannot be created: code 28)
  test('$set/$inc of a field name through an array of subdocuments is PathNotViable', async () => {
    await c.insertOne({ _id: 1, arr: [{ k: 1 }, { k: 2 }] } as Document);
    for (const update of [{ $set: { 'arr.k': 1 } }, { $inc: { 'arr.k': 1 } }]) {
      const err = await serverError(() => c.updateOne({ _id: 1 } as Document, update));
      expect(err).toMatchObject({ code: 28, codeName: 'PathNotViable' });
      expect(err.message).toMatch(/^Cannot create field 'k' in element \{arr: /);
    }
    const scalar = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { 'arr.0.k.deep': 1 } }),
    );
    expect(scalar).toMatchObject({ code: 28, message: "Cannot create field 'deep' in element {k: 1}" });
    // Removal-type operators on such a path are no-ops, as in mongod.
    expect(await c.updateOne({ _id: 1 } as Document, { $unset: { 'arr.k': 1 } })).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/#behavior (fields an update
  // creates are processed in lexicographic order; existing fields keep their place)
  test('fields created by an update are added in lexicographic order', async () => {
    await c.insertOne({ _id: 1, z: 0, sub: { y: 1 } } as Document);
    await c.updateOne(
      { _id: 1 } as Document,
      {
        $inc: { n: 1, 'b.x': 1, 'sub.k': 1 },
        $push: { list: { $each: [2, 1], $sort: 1 } },
        $set: { z: 1, lit: { q: 1, a: 2 }, 'sub.a': 1 },
      } as Document,
    );
    const doc = await c.findOne({ _id: 1 } as Document);
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'z', 'sub', 'b', 'list', 'lit', 'n']);
    expect(Object.keys(doc?.sub as Document)).toEqual(['y', 'a', 'k']);
    expect(Object.keys(doc?.lit as Document)).toEqual(['q', 'a']);
    const up = await c.findOneAndUpdate(
      { formId: 7, seen: { $ne: 1 } },
      { $inc: { n: 1, 'by.day': 1 }, $push: { seen: { $each: [1], $slice: -2 } } } as Document,
      { upsert: true, returnDocument: 'after' },
    );
    expect(Object.keys(up ?? {})).toEqual(['_id', 'formId', 'by', 'n', 'seen']);
  });

  // https://www.mongodb.com/docs/manual/core/dot-dollar-considerations/
  test('empty and $-prefixed field names in update paths are refused', async () => {
    await c.insertOne({ _id: 1 } as Document);
    expect(await serverError(() => c.updateOne({ _id: 1 } as Document, { $set: { '': 1 } }))).toMatchObject({
      code: 56,
      message: 'An empty update path is not valid.',
    });
    expect(
      await serverError(() => c.updateOne({ _id: 1 } as Document, { $set: { 'a..b': 1 } })),
    ).toMatchObject({
      code: 56,
    });
    for (const path of ['.a', 'a.', 'a.b.']) {
      expect(
        await serverError(() => c.updateOne({ _id: 1 } as Document, { $set: { [path]: 1 } })),
      ).toMatchObject({
        code: 56,
        message: `The update path '${path}' contains an empty field name, which is not allowed.`,
      });
    }
    expect(
      await serverError(() => c.updateOne({ _id: 1 } as Document, { $inc: { '$bad.x': 1 } })),
    ).toMatchObject({
      code: 52,
      message: "The dollar ($) prefixed field '$bad' in '$bad.x' is not valid for storage.",
    });
    expect(await serverError(() => c.updateOne({ _id: 1 } as Document, { $set: { $bad: 1 } }))).toMatchObject(
      {
        code: 52,
        message: "The dollar ($) prefixed field '$bad' in '$bad' is not valid for storage.",
      },
    );
    expect(await c.findOne({ _id: 1 } as Document)).toEqual({ _id: 1 });
  });

  // https://www.mongodb.com/docs/manual/reference/method/db.collection.updateOne/#upsert
  // (the new document takes the query's *equality* clauses; a regex is not one)
  test('an upsert does not copy a regex condition into the new document', async () => {
    await c.updateOne({ name: /^a/, k: 1 }, { $set: { z: 1 } }, { upsert: true });
    expect(await c.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ k: 1, z: 1 }]);
  });
});

describe('queries and sort', () => {
  // https://www.mongodb.com/docs/manual/reference/operator/query/type/#arrays
  test('$type matches an array field by the type of any element, and knows every BSON alias', async () => {
    const oid = new ObjectId();
    await c.insertMany([
      { _id: 1, v: 5 },
      { _id: 2, v: new Timestamp({ t: 1, i: 1 }) },
      { _id: 3, v: [1, 'a', null] },
      { _id: 4, v: [[5]] },
      { _id: 5, v: oid },
      { _id: 6, v: [oid] },
    ] as Document[]);
    expect(await ids({ v: { $type: 'number' } })).toEqual([1, 3]);
    expect(await ids({ v: { $type: 'string' } })).toEqual([3]);
    expect(await ids({ v: { $type: 'null' } })).toEqual([3]);
    expect(await ids({ v: { $type: ['bool', 'string'] } })).toEqual([3]);
    expect(await ids({ v: { $type: 'array' } })).toEqual([3, 4, 6]);
    expect(await ids({ v: { $type: 'timestamp' } })).toEqual([2]);
    expect(await ids({ v: { $type: 'objectId' } })).toEqual([5, 6]);
    expect(await ids({ v: { $type: 7 } })).toEqual([5, 6]);
    expect(await ids({ v: { $not: { $type: 'number' } } })).toEqual([2, 4, 5, 6]);
    expect(await serverError(() => ids({ v: { $type: 'nope' } }))).toMatchObject({
      code: 2,
      message: 'Unknown type name alias: nope',
    });
  });

  // https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/ (Timestamp sorts after
  // Date; type bracketing keeps a Timestamp out of numeric ranges). bson's Timestamp extends Long.
  test('a Timestamp sorts after Date and is not a number, with and without an index', async () => {
    await c.insertMany([
      { _id: 1, v: new Timestamp({ t: 1, i: 1 }) },
      { _id: 2, v: 5 },
      { _id: 3, v: new Date(0) },
      { _id: 4, v: 'a' },
    ] as Document[]);
    for (const indexed of [false, true]) {
      if (indexed) await c.createIndex({ v: 1 });
      expect(await ids({}, { sort: { v: 1 } })).toEqual([2, 4, 3, 1]);
      expect(await ids({}, { sort: { v: -1 } })).toEqual([1, 3, 4, 2]);
      expect(await ids({ v: { $gt: 4 } })).toEqual([2]);
    }
  });
});

describe('projection', () => {
  // https://www.mongodb.com/docs/manual/reference/operator/projection/slice/ ("returns all other
  // fields" when the projection holds only $slice / exclusions)
  test('$slice alone keeps every other field; _id stays first', async () => {
    await c.insertOne({ _id: 1, a: { b: 1, c: 2 }, s: [1, 2, 3, 4, 5], t: [{ u: [1, 2, 3] }] } as Document);
    expect(await c.findOne({}, { projection: { s: { $slice: -2 } } })).toEqual({
      _id: 1,
      a: { b: 1, c: 2 },
      s: [4, 5],
      t: [{ u: [1, 2, 3] }],
    });
    expect(await c.findOne({}, { projection: { s: { $slice: [1, 2] }, a: 0, _id: 0 } })).toEqual({
      s: [2, 3],
      t: [{ u: [1, 2, 3] }],
    });
    expect(await c.findOne({}, { projection: { 't.u': { $slice: 1 }, s: 0 } })).toEqual({
      _id: 1,
      a: { b: 1, c: 2 },
      t: [{ u: [1] }],
    });
    // With an inclusion, $slice is one more included field.
    expect(await c.findOne({}, { projection: { s: { $slice: 1 }, 'a.b': 1 } })).toEqual({
      _id: 1,
      a: { b: 1 },
      s: [1],
    });
  });
});

describe('aggregation stages', () => {
  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/count/#behavior
  test('$count on an empty input returns no document, also inside $facet', async () => {
    await c.insertMany([
      { _id: 1, f: 'a' },
      { _id: 2, f: 'a' },
    ] as Document[]);
    expect(await c.aggregate([{ $match: { f: 'z' } }, { $count: 'n' }]).toArray()).toEqual([]);
    expect(await c.aggregate([{ $count: 'n' }]).toArray()).toEqual([{ n: 2 }]);
    expect(
      await c
        .aggregate([{ $match: { f: 'z' } }, { $facet: { total: [{ $count: 'n' }], items: [{ $limit: 1 }] } }])
        .toArray(),
    ).toEqual([{ total: [], items: [] }]);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/project/ (the _id field is
  // included by default and, as in every stored document, comes first)
  test('$project keeps _id as the first field', async () => {
    await c.insertOne({ _id: 1, v: 1, w: 2 } as Document);
    const [doc] = await c.aggregate([{ $project: { w: 1, x: { $add: ['$v', 1] } } }]).toArray();
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'w', 'x']);
    const [found] = await c.find({}, { projection: { w: 1, y: '$v' } }).toArray();
    expect(Object.keys(found ?? {})[0]).toBe('_id');
  });
});

describe('int64 and Decimal128 arithmetic', () => {
  // https://www.mongodb.com/docs/manual/reference/operator/update/inc/ and
  // https://www.mongodb.com/docs/manual/reference/operator/update/mul/ (mongod computes int64 and
  // decimal results; these were silently left unchanged)
  test('$inc and $mul on longs beyond 2^53 and on decimals', async () => {
    await c.insertOne({
      _id: 1,
      l: Long.fromString('9007199254740993'),
      d: Decimal128.fromString('1.10'),
      m: Decimal128.fromString('2.5'),
    } as Document);
    await c.updateOne({ _id: 1 } as Document, {
      $inc: { l: 1, d: Decimal128.fromString('0.01'), nd: Decimal128.fromString('3') },
      $mul: { m: 4 },
    });
    const raw = await c.findOne({ _id: 1 } as Document, { promoteValues: false });
    expect(raw?.l).toBeInstanceOf(Long);
    expect(String(raw?.l)).toBe('9007199254740994');
    expect(raw?.d).toBeInstanceOf(Decimal128);
    expect(String(raw?.d)).toBe('1.11');
    expect(String(raw?.nd)).toBe('3');
    expect(String(raw?.m)).toBe('10.0');
    await c.updateOne({ _id: 1 } as Document, { $mul: { l: Long.fromNumber(2) } });
    expect(String((await c.findOne({ _id: 1 } as Document, { promoteValues: false }))?.l)).toBe(
      '18014398509481988',
    );
  });
});

describe('document size', () => {
  // https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-BSON-Document-Size
  test('an update that grows a document past 16 MB is refused with the update wording', async () => {
    await c.insertOne({ _id: 1, s: 'y'.repeat(16 * 1024 * 1024 - 100) } as Document);
    const err = await serverError(() =>
      c.updateOne({ _id: 1 } as Document, { $set: { more: 'z'.repeat(1000) } }),
    );
    expect(err).toMatchObject({
      code: 10334,
      message: 'Resulting document after update is larger than 16777216',
    });
  });
});
