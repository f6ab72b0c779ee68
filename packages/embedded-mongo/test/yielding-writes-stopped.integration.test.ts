import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MongoClient, MongoServerError } from 'mongodb';
import { startTestEngine, type TestEngine } from './helpers/engine.js';
import { servedMeanwhile } from './helpers/served-meanwhile.js';

/**
 * What stops a multi-document write part-way. First, a write that pauses between batches
 * (yielding-writes.ts) while another client
 * drops its collection and creates it again under the same name. The paused write held record ids
 * of the old collection; they must never reach the new one (whose ids start again), and the
 * journal must never say anything memory does not: mongod kills such a write (QueryPlanKilled).
 * The drop is sent once two probes were answered while the write ran, so the write is mid-way.
 */
type Item = { _id: number; tag: string; touched?: boolean };
const DB = 'yieldstopped';
const MANY = 30_000;
const AFTER_DROP = 100;
const dir = mkdtempSync(join(tmpdir(), 'embedded-mongo-yield-stopped-'));
let t: TestEngine;
let other: MongoClient;

beforeAll(async () => {
  t = await startTestEngine({ dbPath: dir });
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
}, 300_000);
afterAll(async () => {
  await other.close();
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function fill(name: string): Promise<void> {
  for (let from = 0; from < MANY; from += 5000)
    await t
      .db(DB)
      .collection<Item>(name)
      .insertMany(Array.from({ length: 5000 }, (_, i) => ({ _id: from + i, tag: 'a' })));
}

/** Probe 2 drops the collection and fills it again with ids the old one also held. */
function dropAndRefill(name: string) {
  const coll = other.db(DB).collection<Item>(name);
  return async (i: number) => {
    if (i !== 2) return other.db(DB).command({ ping: 1 });
    await coll.drop();
    return coll.insertMany(Array.from({ length: AFTER_DROP }, (_, n) => ({ _id: n, tag: 'a' })));
  };
}

const all = (client: MongoClient, name: string) =>
  client.db(DB).collection<Item>(name).find({}).sort({ _id: 1 }).toArray();

async function restartedContents(name: string): Promise<Item[]> {
  await other.close();
  await t.stop();
  t = await startTestEngine({ dbPath: dir });
  other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  return all(t.client, name);
}

const expectKilled = (outcome: PromiseSettledResult<unknown>) => {
  expect(outcome.status).toBe('rejected');
  const reason = (outcome as PromiseRejectedResult).reason as unknown;
  expect(reason).toBeInstanceOf(MongoServerError);
  expect([(reason as MongoServerError).code, (reason as MongoServerError).message]).toEqual([
    175,
    expect.any(String),
  ]);
};

test('an updateMany whose collection is dropped and created again while it pauses stops there', async () => {
  await fill('updated');
  const { served, outcome } = await servedMeanwhile(
    () =>
      t
        .db(DB)
        .collection<Item>('updated')
        .updateMany({ tag: 'a' }, { $set: { touched: true } }),
    dropAndRefill('updated'),
  );
  expect(served).toBeGreaterThanOrEqual(3);
  expectKilled(outcome);
  const now = await all(t.client, 'updated');
  expect(now).toEqual(Array.from({ length: AFTER_DROP }, (_, n) => ({ _id: n, tag: 'a' })));
  expect(await restartedContents('updated')).toEqual(now);
}, 300_000);

test('a deleteMany whose collection is dropped and created again while it pauses stops there', async () => {
  await fill('deleted');
  const { served, outcome } = await servedMeanwhile(
    () => t.db(DB).collection<Item>('deleted').deleteMany({ tag: 'a' }),
    dropAndRefill('deleted'),
  );
  expect(served).toBeGreaterThanOrEqual(3);
  expectKilled(outcome);
  const now = await all(t.client, 'deleted');
  expect(now).toHaveLength(AFTER_DROP);
  expect(await restartedContents('deleted')).toEqual(now);
}, 300_000);

// mongod fails the whole write command on an interruption (maxTimeMS): an unordered batch does
// not go on with its next statement past the deadline, as it would after a statement's own error.
test('maxTimeMS ending one statement of an unordered update fails the command; later statements do not run', async () => {
  await fill('interrupted');
  const db = t.db(DB);
  const err = await db
    .command({
      update: 'interrupted',
      updates: [
        { q: { tag: 'a' }, u: { $set: { touched: true } }, multi: true },
        { q: { _id: -1 }, u: { $set: { tag: 'late' } }, upsert: true },
      ],
      ordered: false,
      maxTimeMS: 1,
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(err).toBeInstanceOf(MongoServerError);
  expect((err as MongoServerError).code).toBe(50);
  expect(await db.collection<Item>('interrupted').findOne({ _id: -1 })).toBeNull();
}, 300_000);
