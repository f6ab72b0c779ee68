import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// Indexes as mongod uses them. Sources: the manual's "Unique Indexes" page ("Unique Constraint
// Across Separate Documents": a unique index does not stop one document from holding the same key
// twice in an array, but another document may not hold it); MongoDB's jstest
// core/query/count/count_hint.js (a hint is obeyed even when it gives a wrong count, also with no
// filter; a hint naming no index fails with BadValue "hint provided does not correspond to an
// existing index"); jstests core/existsa.js and core/index/indext.js (a hinted sparse index answers
// from its entries alone); parseValidateOptions in src/mongo/db/catalog/collection_validation.cpp
// for the validate command's refused option combinations.
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

describe('a unique compound multikey index', () => {
  test('allows the same key pair twice in one document, refuses it in another', async () => {
    const coll = t.db('ix').collection('uniq');
    await coll.createIndex({ a: 1, b: 1 }, { unique: true });
    await coll.insertOne({ _id: 1, a: [1, 1], b: 2 } as Document);
    await coll.insertOne({ _id: 2, a: [{ c: 1 }, { c: 1 }], b: [3, 3] } as Document);
    const err = await serverError(() => coll.insertOne({ _id: 3, a: [5, 1], b: 2 } as Document));
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ a: 1, b: 2 });
    expect(await coll.countDocuments()).toBe(2);
  });
});

describe('hints', () => {
  test('a hinted sparse index counts and finds only the documents it holds, with or without a filter', async () => {
    const coll = t.db('ix').collection('hint');
    await coll.insertMany([{ i: 1 }, { i: 2 }, { i: 3, x: 1 }]);
    await coll.createIndex({ x: 1 }, { sparse: true });
    await coll.createIndex({ i: 1 });
    const count = (body: Document) => t.db('ix').command({ count: 'hint', ...body });
    expect(await count({ hint: 'x_1' })).toMatchObject({ n: 1 });
    expect(await count({ hint: { x: 1 } })).toMatchObject({ n: 1 });
    expect(await count({ query: { i: 1 }, hint: 'x_1' })).toMatchObject({ n: 0 });
    expect(await count({ hint: 'i_1' })).toMatchObject({ n: 3 });
    expect(await count({ query: { i: 1 }, hint: '_id_' })).toMatchObject({ n: 1 });
    expect(
      await coll
        .find({ x: { $exists: false } })
        .hint({ x: 1 })
        .toArray(),
    ).toEqual([]);
    expect(await coll.countDocuments({}, { hint: 'x_1' })).toBe(1);
  });

  test('a hint naming no index fails with BadValue, also without a filter', async () => {
    const bad = 'hint provided does not correspond to an existing index';
    for (const hint of ['BAD HINT', { bad: 1, hint: 1 }]) {
      const err = await serverError(() => t.db('ix').command({ count: 'hint', hint }));
      expect(err.code).toBe(2);
      expect(err.message).toContain(bad);
      const viaFind = await serverError(() => t.db('ix').collection('hint').find({}).hint(hint).toArray());
      expect([viaFind.code, viaFind.message.includes(bad)]).toEqual([2, true]);
    }
  });
});

describe('the validate command', () => {
  test('answers a healthy collection and refuses the option combinations mongod refuses', async () => {
    await t.db('ix').collection('val').insertOne({ a: 1 });
    const ok = await t.db('ix').command({ validate: 'val', full: true });
    expect(ok).toMatchObject({ ns: 'ix.val', nrecords: 1, valid: true, keysPerIndex: { _id_: 1 } });
    const refused = async (body: Document) => {
      const err = await serverError(() => t.db('ix').command({ validate: 'val', ...body }));
      return [err.code, err.message];
    };
    expect(await refused({ background: true, full: true })).toEqual([
      72,
      'Running the validate command with both { background: true } and { full: true } is not supported.',
    ]);
    expect(await refused({ metadata: true, full: true })).toEqual([
      72,
      'Running the validate command with { metadata: true } is not supported with any other options',
    ]);
    expect((await refused({ checkBSONConformance: true, repair: true }))[0]).toBe(72);
    expect(await refused({ background: true })).toEqual([
      115,
      'Running the validate command with { background: true } is not supported in standalone mode',
    ]);
    const missing = await serverError(() => t.db('ix').command({ validate: 'nothing' }));
    expect([missing.code, missing.message]).toEqual([
      26,
      "Collection 'ix.nothing' does not exist to validate.",
    ]);
  });
});
