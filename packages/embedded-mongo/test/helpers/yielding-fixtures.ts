import { expect } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import { startTestEngine, type TestEngine } from './engine.js';

/**
 * A probe for servedMeanwhile: an even `i` pings, an odd one reads document `i % count` of `coll`
 * by `_id` and checks it is the one stored (its `field` is `valueOf(_id)`), so a probe answered
 * is a command the engine ran, not only a reply.
 */
export const pingOrFind = (
  client: MongoClient,
  db: string,
  coll: string,
  field: string,
  count: number,
  valueOf: (id: number) => unknown,
  i: number,
): Promise<unknown> =>
  i % 2 === 0
    ? client.db(db).command({ ping: 1 })
    : client
        .db(db)
        .collection<{ _id: number }>(coll)
        .findOne({ _id: i % count })
        .then((doc) => expect((doc as Record<string, unknown> | null)?.[field]).toEqual(valueOf(i % count)));

/**
 * `docs` documents `{_id: i, arr: [...]}` of `length` numbers each, counting up from 0 across
 * them: few documents that `$unwind` turns into many.
 */
export async function insertArrays(db: Db, coll: string, docs: number, length: number): Promise<void> {
  await db.collection<{ _id: number; arr: number[] }>(coll).insertMany(
    Array.from({ length: docs }, (_, i) => ({
      _id: i,
      arr: Array.from({ length }, (_, j) => i * length + j),
    })),
  );
}

/** A test engine, and a second client of one connection that the probes go through. */
export async function engineAndProbeClient(): Promise<{ t: TestEngine; other: MongoClient }> {
  const t = await startTestEngine();
  const other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  return { t, other };
}
