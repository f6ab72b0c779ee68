import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Collection, Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// The engine encodes a written document first and checks its size after (storage/collection.ts).
// bson's encoder works in a 17 MB buffer and stops short past it without an error, so a document
// grown far past the limit must still be refused, with mongod's wording.
// https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-BSON-Document-Size

let t: TestEngine;
let c: Collection<Document>;

beforeAll(async () => {
  t = await startTestEngine();
  c = t.db('size').collection('docs');
});
afterAll(async () => {
  await t.stop();
});

test.each([
  ['just past 16 MB', 1_000],
  ['past the encoder’s 17 MB buffer', 3 * 1024 * 1024],
])('an update growing a document %s is refused and stores nothing', async (_name, grow) => {
  const _id = grow;
  await c.insertOne({ _id, s: 'y'.repeat(16 * 1024 * 1024 - 100) } as Document);
  const err = await serverError(() => c.updateOne({ _id } as Document, { $set: { more: 'z'.repeat(grow) } }));

  expect(err).toMatchObject({
    code: 10334,
    message: 'Resulting document after update is larger than 16777216',
  });
  expect(await c.countDocuments({ _id, more: { $exists: true } } as Document)).toBe(0);
});

test('a document just under 16 MB is stored whole', async () => {
  const s = 'w'.repeat(16 * 1024 * 1024 - 100);
  await c.insertOne({ _id: 'under', s: '' } as Document);
  await c.updateOne({ _id: 'under' } as Document, { $set: { s } });

  expect(((await c.findOne({ _id: 'under' } as Document))?.s as string).length).toBe(s.length);
});
