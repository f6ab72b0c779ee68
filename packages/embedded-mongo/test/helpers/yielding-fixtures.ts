import { MongoClient, type Db } from 'mongodb';
import type { EmbeddedMongoOptions } from '../../src/index.js';
import { startTestEngine, type TestEngine } from './engine.js';

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
export async function engineAndProbeClient(
  options: EmbeddedMongoOptions = {},
): Promise<{ t: TestEngine; other: MongoClient }> {
  const t = await startTestEngine(options);
  const other = new MongoClient(t.engine.uri, { maxPoolSize: 1 });
  await other.connect();
  return { t, other };
}
