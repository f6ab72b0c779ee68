import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { Long, type Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
  await t
    .db('cur')
    .collection('c')
    .insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
});
afterAll(async () => {
  await t.stop();
});

/** The driver's db.command() turns small int64 values into numbers, hence Long | number. */
type CursorReply = {
  cursor: { id: Long | number; ns: string; firstBatch?: Document[]; nextBatch?: Document[] };
};

describe('cursors (https://www.mongodb.com/docs/manual/reference/command/getMore/)', () => {
  test('find returns a first batch of 101 by default, then getMore continues with an int64 cursor id', async () => {
    const db = t.db('cur');
    const first = (await db.command({ find: 'c', filter: {}, sort: { i: 1 } })) as CursorReply;
    expect(first.cursor.firstBatch).toHaveLength(101);
    expect(first.cursor.ns).toBe('cur.c');
    expect(first.cursor.id).toBeInstanceOf(Long);
    expect(Number(first.cursor.id)).not.toBe(0);
    const next = (await db.command({
      getMore: first.cursor.id,
      collection: 'c',
      batchSize: 100,
    })) as CursorReply;
    expect(next.cursor.nextBatch?.map((d) => d.i as unknown)[0]).toBe(101);
    const last = (await db.command({ getMore: first.cursor.id, collection: 'c' })) as CursorReply;
    expect(last.cursor.nextBatch).toHaveLength(49);
    expect(Number(last.cursor.id)).toBe(0);
    const gone = await serverError(() => db.command({ getMore: first.cursor.id, collection: 'c' }));
    expect(gone.code).toBe(43);
  });

  test('batchSize, limit and singleBatch', async () => {
    const db = t.db('cur');
    const r = (await db.command({ find: 'c', filter: {}, batchSize: 10, limit: 15 })) as CursorReply;
    expect(r.cursor.firstBatch).toHaveLength(10);
    const more = (await db.command({ getMore: r.cursor.id, collection: 'c' })) as CursorReply;
    expect(more.cursor.nextBatch).toHaveLength(5);
    expect(Number(more.cursor.id)).toBe(0);
    const single = (await db.command({
      find: 'c',
      filter: {},
      batchSize: 10,
      singleBatch: true,
    })) as CursorReply;
    expect(single.cursor.firstBatch).toHaveLength(10);
    expect(Number(single.cursor.id)).toBe(0);
    expect(await db.collection('c').find({}).batchSize(7).toArray()).toHaveLength(250);
  });

  // https://www.mongodb.com/docs/manual/reference/command/killCursors/
  test('killCursors reports killed and unknown ids', async () => {
    const db = t.db('cur');
    const r = (await db.command({ find: 'c', filter: {}, batchSize: 5 })) as CursorReply;
    const res = await db.command({ killCursors: 'c', cursors: [r.cursor.id, Long.fromNumber(12345)] });
    expect(res.cursorsKilled).toEqual([r.cursor.id]);
    expect((res.cursorsNotFound as unknown[]).map(Number)).toEqual([12345]);
    expect((await serverError(() => db.command({ getMore: r.cursor.id, collection: 'c' }))).code).toBe(43);
  });

  test('idle cursors time out (mongod: 10 minutes; shortened here)', async () => {
    // A private engine: a short cursor timeout on the shared one would expire the cursors of the
    // other tests whenever a loaded machine is slow between their find and getMore.
    const short = await startTestEngine({ cursorTimeoutMs: 300 });
    try {
      const db = short.db('cur');
      await db.collection('c').insertMany(Array.from({ length: 10 }, (_, i) => ({ i })));
      const r = (await db.command({ find: 'c', filter: {}, batchSize: 5 })) as CursorReply;
      const openCursors = async () => {
        const status = await short.db('admin').command({ serverStatus: 1 });
        return Number(
          (status as { metrics: { cursor: { open: { total: unknown } } } }).metrics.cursor.open.total,
        );
      };
      expect(await openCursors()).toBe(1);
      // Wait for the sweeper (without touching the cursor, which would keep it alive).
      await vi.waitFor(async () => expect(await openCursors()).toBe(0), { timeout: 30_000, interval: 50 });
      expect((await serverError(() => db.command({ getMore: r.cursor.id, collection: 'c' }))).code).toBe(43);
    } finally {
      await short.stop();
    }
  });

  test('getMore on another namespace is refused', async () => {
    const db = t.db('cur');
    const r = (await db.command({ find: 'c', filter: {}, batchSize: 5 })) as CursorReply;
    expect((await serverError(() => db.command({ getMore: r.cursor.id, collection: 'other' }))).code).toBe(
      13,
    );
  });
});
