import { afterAll, beforeAll, expect, test } from 'vitest';
import { MongoClient } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';
import { fulfilled, servedMeanwhile } from './helpers/served-meanwhile.js';

/**
 * A find with a limit through an index (a keyset page) pauses for other connections like any long
 * read. It reads the index's keys as it goes, also after a pause: it used to take the whole rest of
 * its range at the first pause, so a page near the top of a large collection read every key below
 * it. Keys are read in order, writes made in a pause are seen in the keys still ahead, none of the
 * untouched keys is skipped and no document is returned twice.
 */
const DOCS = 30_000;
/** Documents with `n` below this match `{ pass: true }`; the scan meets all the others first. */
const MATCHING = 10_000;
let t: TestEngine;
let other: MongoClient;

type TDoc = { _id: number; g: number; n: number; pass: boolean };

beforeAll(async () => {
  t = await startTestEngine();
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  const coll = t.db('paged').collection<TDoc>('docs');
  await coll.createIndex({ g: 1, n: -1 });
  for (let from = 0; from < DOCS; from += 5000) {
    await coll.insertMany(
      Array.from({ length: 5000 }, (_, i) => ({
        _id: from + i,
        g: 1,
        n: from + i,
        pass: from + i < MATCHING,
      })),
    );
  }
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.stop();
});

const examined = () => t.engine.stats('paged', 'docs')?.keysExamined ?? 0;

test('a page that pauses reads the keys up to its last match, not the rest of its range', async () => {
  const coll = t.db('paged').collection<TDoc>('docs');
  // From n = 5,000 down: the first 5,000 keys match, so the page of 10 ends after 10 keys.
  let before = examined();
  const top = await coll
    .find({ g: 1, n: { $lt: 5000 }, pass: true })
    .sort({ n: -1 })
    .limit(10)
    .toArray();
  expect(top.map((doc) => doc.n)).toEqual(Array.from({ length: 10 }, (_, i) => 4999 - i));
  expect(examined() - before).toBe(10);

  // From the top: 20,000 keys that do not match (the read pauses several times) before 10 that do.
  before = examined();
  const page = await coll.find({ g: 1, pass: true }).sort({ n: -1 }).limit(10).toArray();
  expect(page.map((doc) => doc.n)).toEqual(Array.from({ length: 10 }, (_, i) => MATCHING - 1 - i));
  expect(examined() - before).toBe(DOCS - MATCHING + 10);
}, 120_000);

test('writes made while a page pauses: keys read in order, none skipped, none twice', async () => {
  const coll = t.db('paged').collection<TDoc>('docs');
  const writer = other.db('paged').collection<TDoc>('docs');
  const limit = 50;
  const { served, outcome } = await servedMeanwhile(
    () => coll.find({ g: 1, pass: true }).sort({ n: -1 }).limit(limit).toArray(),
    async (i) => {
      // Inserts ahead of and behind the scan, deletes of keys not matching, and non-matching
      // documents moved (their keys removed and added elsewhere), on both sides of the scan.
      await writer.insertOne({ _id: 100_000 + i, g: 1, n: MATCHING + 5000 + i + 0.5, pass: true });
      await writer.deleteOne({ _id: DOCS - 1 - i * 13 });
      await writer.updateOne({ _id: MATCHING + 2 * i }, { $set: { n: DOCS + i } });
    },
  );
  expect(served).toBeGreaterThanOrEqual(3);
  const page = fulfilled(outcome);
  expect(page).toHaveLength(limit);
  expect(page.every((doc) => doc.pass)).toBe(true);
  expect(new Set(page.map((doc) => doc._id)).size).toBe(limit);
  const ns = page.map((doc) => doc.n);
  expect(ns).toEqual([...ns].sort((a, b) => b - a));
  // The matching documents no write touched, down to the last one returned, are all there.
  const last = ns.at(-1) ?? 0;
  const untouched = page.filter((doc) => doc._id < MATCHING).map((doc) => doc._id);
  expect(untouched).toEqual(Array.from({ length: MATCHING - Math.ceil(last) }, (_, i) => MATCHING - 1 - i));
}, 120_000);

test('a document moved ahead of a paused page after it was read is returned once', async () => {
  const coll = t.db('paged').collection<TDoc>('moved');
  await coll.createIndex({ n: -1 });
  // One matching document first, then 5,000 that do not match (pauses), then the rest matching.
  await coll.insertMany([
    { _id: 0, g: 1, n: 10_000, pass: true },
    ...Array.from({ length: 5000 }, (_, i) => ({ _id: 1 + i, g: 1, n: 9999 - i, pass: false })),
    ...Array.from({ length: 100 }, (_, i) => ({ _id: 10_000 + i, g: 1, n: 1000 - i, pass: true })),
  ]);
  const writer = other.db('paged').collection<TDoc>('moved');
  const { served, outcome } = await servedMeanwhile(
    () =>
      coll
        .find({ pass: true, n: { $lte: 10_000 } })
        .sort({ n: -1 })
        .limit(200)
        .toArray(),
    // Moves the first match below the scan's position (it stays matching), again and again.
    (i) => writer.updateOne({ _id: 0 }, { $set: { n: 500 - i * 0.001 } }),
  );
  expect(served).toBeGreaterThanOrEqual(3);
  const ids = fulfilled(outcome).map((doc) => doc._id);
  expect(ids.filter((id) => id === 0)).toHaveLength(1);
  expect(ids).toHaveLength(101);
  expect(new Set(ids).size).toBe(ids.length);
}, 120_000);

test('a matched document deleted while the read pauses is left out, not sent as an empty document', async () => {
  const coll = t.db('paged').collection<TDoc>('deleted');
  await coll.createIndex({ n: 1 });
  // Ten matches first, then 8,000 keys that do not match (the read pauses), then ten more matches.
  await coll.insertMany([
    ...Array.from({ length: 10 }, (_, i) => ({ _id: i, g: 1, n: i, pass: true })),
    ...Array.from({ length: 8000 }, (_, i) => ({ _id: 10 + i, g: 1, n: 10 + i, pass: false })),
    ...Array.from({ length: 10 }, (_, i) => ({ _id: 9000 + i, g: 1, n: 9000 + i, pass: true })),
  ]);
  const writer = other.db('paged').collection<TDoc>('deleted');
  for (const limit of [20, 0]) {
    // Deletes the first matches, already read, while the read pauses.
    const { served, outcome } = await servedMeanwhile(
      () =>
        coll
          .find({ n: { $gte: 0 }, pass: true })
          .limit(limit)
          .toArray(),
      (i) => writer.deleteOne({ _id: i % 10 }),
    );
    expect(served).toBeGreaterThanOrEqual(1);
    const ids = fulfilled(outcome).map((doc) => doc._id);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(ids.slice(-10)).toEqual(Array.from({ length: 10 }, (_, i) => 9000 + i));
    expect(new Set(ids).size).toBe(ids.length);
    await writer.deleteMany({ _id: { $lt: 10 } });
    await writer.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: i, g: 1, n: i, pass: true })));
  }
}, 120_000);
