import { afterAll, beforeAll, expect, test } from 'vitest';
import { Long, MongoClient } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';
import { fulfilled, pingOrFind, servedMeanwhile } from './helpers/served-meanwhile.js';

/**
 * findAndModify looks for its document with pauses for other connections (an unindexed sort, or a
 * scan that finds its match late), and `distinct` reads each value in the turn its document
 * matched. Proven by order (servedMeanwhile: a command that held the event loop throughout serves
 * at most one probe meanwhile).
 */
type Item = { _id: number; n: number; s: string; tag: string };
const DB = 'yieldfam';
const MANY = 30_000;
/** A permutation of 0..MANY-1 (7919 is prime to 30,000): the order of the strings `s`. */
const rank = (i: number) => (i * 7919) % MANY;
let t: TestEngine;
let other: MongoClient;
const probe = pingOrFind(() => other, DB, 'probed', 100);

async function fill(name: string): Promise<void> {
  for (let from = 0; from < MANY; from += 5000)
    await t
      .db(DB)
      .collection<Item>(name)
      .insertMany(
        Array.from({ length: 5000 }, (_, i) => ({
          _id: from + i,
          n: from + i,
          s: `s${String(rank(from + i)).padStart(6, '0')}`,
          tag: 'a',
        })),
      );
}

beforeAll(async () => {
  t = await startTestEngine();
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  await t
    .db(DB)
    .collection<Item>('probed')
    .insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: i, n: i, s: '', tag: '' })));
  await fill('items');
  await fill('distinct');
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
});

const items = () => t.db(DB).collection<Item>('items');
/** The `_id` whose string sorts at position r. */
const idAtRank = (r: number) => Array.from({ length: MANY }, (_, i) => i).find((i) => rank(i) === r);

// https://www.mongodb.com/docs/manual/reference/command/findAndModify/: with a sort, the first
// document in that order is modified; `new: true` answers it after the update.
test('findOneAndUpdate sorted on an unindexed field serves other connections while it sorts', async () => {
  const { served, outcome } = await servedMeanwhile(
    () =>
      items().findOneAndUpdate(
        { tag: 'a' },
        { $set: { tag: 'first' } },
        { sort: { s: 1 }, returnDocument: 'after' },
      ),
    probe,
  );
  const first = idAtRank(0);
  expect(fulfilled(outcome)).toEqual({ _id: first, n: first, s: 's000000', tag: 'first' });
  expect(served).toBeGreaterThanOrEqual(5);
  expect(await items().countDocuments({ tag: 'first' })).toBe(1);
}, 300_000);

test('findOneAndDelete whose match comes last in a long scan serves other connections', async () => {
  const { served, outcome } = await servedMeanwhile(() => items().findOneAndDelete({ n: MANY - 1 }), probe);
  expect(fulfilled(outcome)?._id).toBe(MANY - 1);
  expect(served).toBeGreaterThanOrEqual(5);
  expect(await items().countDocuments()).toBe(MANY - 1);
}, 300_000);

// With no match, an upsert inserts from the filter's equality fields and the update.
test('a long findAndModify with no match upserts once, and without upsert changes nothing', async () => {
  const none = await items().findOneAndUpdate({ n: -1 }, { $set: { tag: 'x' } }, { sort: { s: -1 } });
  expect(none).toBeNull();
  const upserted = await items().findOneAndUpdate(
    { n: -2 },
    { $set: { tag: 'up' } },
    { sort: { s: -1 }, upsert: true, returnDocument: 'after', projection: { _id: 0 } },
  );
  expect(upserted).toEqual({ n: -2, tag: 'up' });
  expect(await items().countDocuments({ tag: { $in: ['x', 'up'] } })).toBe(1);
}, 300_000);

// https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/
test('maxTimeMS 1 stops a long findAndModify with 50 MaxTimeMSExpired and changes nothing', async () => {
  const err = await serverError(() =>
    items().findOneAndUpdate({ tag: 'a' }, { $set: { tag: 'late' } }, { sort: { s: -1 }, maxTimeMS: 1 }),
  );
  expect([err.code, err.codeName]).toEqual([50, 'MaxTimeMSExpired']);
  expect(await items().countDocuments({ tag: 'late' })).toBe(0);
}, 300_000);

// mongod's distinct reads and filters each document at once
// (https://www.mongodb.com/docs/manual/reference/command/distinct/ runs a query plan), so a value
// comes from a document in a state that matches the query. Probes move documents from the end of
// the collection out of the query (tag b) and give them a negative n: no negative n may appear.
test('distinct never answers a value of a document that no longer matched when it was read', async () => {
  const moved: number[] = [];
  const coll = other.db(DB).collection<Omit<Item, 'n'> & { n: number | Long }>('distinct');
  const { served, outcome } = await servedMeanwhile(
    () => t.db(DB).collection<Item>('distinct').distinct('n', { tag: 'a' }),
    (i) => {
      const id = MANY - 1 - i;
      moved.push(id);
      // An int64: a document holding one is read again from its stored bytes for its types.
      return coll.updateOne({ _id: id }, { $set: { tag: 'b', n: Long.fromNumber(-1 - id) } });
    },
  );
  const values = fulfilled(outcome);
  expect(served).toBeGreaterThanOrEqual(5);
  expect(values.filter((v) => v < 0)).toEqual([]);
  // Every document left alone is counted; a moved one only with its old value, if at all.
  const untouched = Array.from({ length: MANY - moved.length }, (_, i) => i);
  expect(values.slice(0, untouched.length)).toEqual(untouched);
  expect(values.slice(untouched.length).every((v) => moved.includes(v))).toBe(true);
}, 300_000);
