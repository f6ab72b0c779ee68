import { afterAll, beforeAll, expect, test } from 'vitest';
import { DBRef, Long, type Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * Update operators write into a DBRef's own fields as into any embedded document, as mongod does:
 * jstests/core/update_dbref.js and set6.js (`$set: {"a.$id": 2}`, `{"a.$ref": "b"}`), the positional
 * `$` through an array of DBRefs (update_arraymatch8.js queries such paths), and mongod's post-image
 * check of DBRef fields (src/mongo/db/update/storage_validation.cpp: a `$id` without a `$ref` before
 * it, or a `$ref` not followed by `$id`, is 55 InvalidDBRef).
 */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(() => t.stop());

type Doc = { _id: number } & Document;
const ref = (coll: string, id: unknown, db?: string, fields?: Document) =>
  new DBRef(coll, id as never, db, fields);

test('$set writes $id and $ref of a DBRef field, and the value stays a DBRef', async () => {
  const c = t.db('dbrefw').collection<Doc>('top');
  await c.insertOne({ _id: 1, a: ref('a', 'b') });
  expect((await c.updateOne({ _id: 1 }, { $set: { 'a.$id': 2 } })).modifiedCount).toBe(1);
  expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: ref('a', 2) });
  expect((await c.updateOne({ _id: 1 }, { $set: { 'a.$ref': 'b' } })).modifiedCount).toBe(1);
  const doc = await c.findOne({ _id: 1 });
  expect(doc?.a).toBeInstanceOf(DBRef);
  expect(doc).toEqual({ _id: 1, a: ref('b', 2) });
  // The written value keeps its BSON type.
  await c.updateOne({ _id: 1 }, { $set: { 'a.$id': Long.fromString('9007199254740993') } });
  const typed = await t
    .db('dbrefw')
    .collection('top')
    .findOne({ _id: 1 as never }, { promoteLongs: false });
  expect((typed?.a as DBRef).oid).toEqual(Long.fromString('9007199254740993'));
});

test('DBRef fields in arrays: by index, through the positional $, and beside extra fields and $db', async () => {
  const c = t.db('dbrefw').collection<Doc>('arr');
  await c.insertOne({ _id: 1, refs: [ref('x', 1), ref('y', 2, 'other', { extra: 1 })] });
  await c.updateOne({ _id: 1 }, { $set: { 'refs.0.$ref': 'z' } });
  await c.updateOne({ 'refs.$id': 2 }, { $set: { 'refs.$.$id': 5 }, $inc: { 'refs.1.extra': 1 } });
  await c.updateOne({ _id: 1 }, { $set: { 'refs.1.$db': 'third' } });
  expect(await c.findOne({ _id: 1 })).toEqual({
    _id: 1,
    refs: [ref('z', 1), ref('y', 5, 'third', { extra: 2 })],
  });
  expect(await c.countDocuments({ 'refs.$id': 5, 'refs.$ref': 'y' })).toBe(1);
});

test('findAndModify writes DBRef fields too and returns the DBRef', async () => {
  const c = t.db('dbrefw').collection<Doc>('fam');
  await c.insertOne({ _id: 1, a: ref('a', 1) });
  const after = await c.findOneAndUpdate({ _id: 1 }, { $set: { 'a.$id': 7 } }, { returnDocument: 'after' });
  expect(after).toEqual({ _id: 1, a: ref('a', 7) });
});

test('DBRef field writes that leave no valid DBRef are refused as mongod refuses them', async () => {
  const c = t.db('dbrefw').collection<Doc>('bad');
  await c.insertOne({ _id: 1, a: ref('a', 'b') });
  const cases: [Document, number, string][] = [
    [{ $set: { $id: 3 } }, 52, "The dollar ($) prefixed field '$id' in '$id' is not valid for storage."],
    [{ $set: { 'b.$id': 2 } }, 55, 'Found $id field without a $ref before it, which is invalid.'],
    [{ $set: { 'b.$ref': 'x' } }, 55, 'The DBRef $ref field must be followed by a $id field'],
    [{ $set: { 'a.$ref': 2 } }, 55, 'The DBRef $ref field must be a String, not a int'],
    [{ $set: { 'a.$db': 2 } }, 55, 'The DBRef $db field must be a String, not a int'],
    [{ $unset: { 'a.$id': '' } }, 55, 'The DBRef $ref field must be followed by a $id field'],
  ];
  for (const [update, code, message] of cases) {
    const err = await serverError(() => c.updateOne({ _id: 1 }, update));
    expect([err.code, err.message]).toEqual([code, message]);
  }
  expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: ref('a', 'b') });
});
