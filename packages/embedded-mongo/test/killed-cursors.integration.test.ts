import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Document, Long } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

type CursorReply = { cursor: { id: Long | number; firstBatch: Document[] } };

/** Fills `coll` with 30 documents, then runs `prepare` (an index to scan): what a paused read reads. */
async function thirtyDocuments(coll: string, prepare?: () => Promise<unknown>) {
  const db = t.db('killed');
  await db.collection(coll).insertMany(Array.from({ length: 30 }, (_, i) => ({ i, g: i % 3 })));
  await prepare?.();
  return db;
}

/** A collection of 30 documents and a find on it paused after its first batch (10 by default). */
async function pausedFind(
  coll: string,
  find: Document = {},
  prepare?: () => Promise<unknown>,
): Promise<Long | number> {
  const db = await thirtyDocuments(coll, prepare);
  const reply = (await db.command({ find: coll, filter: {}, batchSize: 10, ...find })) as CursorReply;
  expect(reply.cursor.firstBatch).toHaveLength(Number(find.batchSize ?? 10));
  expect(Number(reply.cursor.id)).not.toBe(0);
  return reply.cursor.id;
}

const getMore = (id: Long | number, coll: string) =>
  t.db('killed').command({ getMore: id, collection: coll });
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The text of the next getMore's refusal, which must be mongod's 175 QueryPlanKilled; the getMore
 * after it must find no cursor (43), as mongod deletes a killed one.
 */
async function killedThenGone(id: Long | number, coll: string): Promise<string> {
  const error = await serverError(() => getMore(id, coll));
  expect([error.code, error.codeName]).toEqual([175, 'QueryPlanKilled']);
  expect((await serverError(() => getMore(id, coll))).code).toBe(43);
  return error.message;
}

/** Renames killed.<from> to killed.<to>, then expects the paused cursor's next getMore to say so. */
async function expectKilledByRename(id: Long | number, from: string, to: string) {
  await t.client.db('admin').command({ renameCollection: `killed.${from}`, to: `killed.${to}` });
  expect(await killedThenGone(id, from)).toMatch(
    new RegExp(`^collection renamed from 'killed\\.${from}' to 'killed\\.${to}'\\. UUID ${UUID}$`),
  );
}

describe('a paused find whose collection or index goes away is killed, as mongod kills it', () => {
  test('collection dropped: 175 QueryPlanKilled, then the cursor is gone (43)', async () => {
    const id = await pausedFind('dropped');
    await t.db('killed').collection('dropped').drop();
    expect(await killedThenGone(id, 'dropped')).toMatch(new RegExp(`^collection dropped\\. UUID ${UUID}$`));
  });

  test('dropped and made again under the same name: still killed', async () => {
    const id = await pausedFind('remade');
    await t.db('killed').collection('remade').drop();
    await t.db('killed').collection('remade').insertOne({ i: 0 });
    expect((await serverError(() => getMore(id, 'remade'))).code).toBe(175);
  });

  test('database dropped', async () => {
    const id = await pausedFind('indb');
    await t.db('killed').dropDatabase();
    const error = await serverError(() => getMore(id, 'indb'));
    expect(error.code).toBe(175);
    expect(error.message).toMatch(/^collection dropped\. UUID /);
  });

  test('renamed within its database: "collection renamed from … to …", same UUID', async () => {
    const id = await pausedFind('before');
    await expectKilledByRename(id, 'before', 'after');
  });

  test('the index the plan scans is dropped: "query plan killed :: index … dropped"', async () => {
    const id = await pausedFind('byindex', { filter: { g: 1 }, batchSize: 3 }, () =>
      t.db('killed').collection('byindex').createIndex({ g: 1 }),
    );
    await t.db('killed').collection('byindex').dropIndex('g_1');
    expect(await killedThenGone(id, 'byindex')).toBe("query plan killed :: index 'g_1' dropped");
  });

  test('another index dropped, or an index made hidden: the find goes on', async () => {
    const coll = t.db('killed').collection('others');
    const id = await pausedFind('others', { filter: { g: 1 }, batchSize: 3 }, async () => {
      await coll.createIndex({ g: 1 });
      await coll.createIndex({ i: 1 });
    });
    await coll.dropIndex('i_1');
    await t.db('killed').command({ collMod: 'others', index: { name: 'g_1', hidden: true } });
    const next = (await getMore(id, 'others')) as { cursor: { nextBatch: Document[] } };
    expect(next.cursor.nextBatch).toHaveLength(7);
  });

  test('a collection scan does not care about indexes', async () => {
    const coll = t.db('killed').collection('scan');
    const id = await pausedFind('scan', {}, () => coll.createIndex({ g: 1 }));
    await coll.dropIndex('g_1');
    const next = (await getMore(id, 'scan')) as { cursor: { nextBatch: Document[] } };
    expect(next.cursor.nextBatch).toHaveLength(20);
  });

  test('a find by _id paused before its first document (batchSize 0), projected or not', async () => {
    for (const projection of [undefined, { i: 1 }, { 'i.j': 0 }]) {
      const coll = t.db('killed').collection('byid');
      const { insertedId } = await coll.insertOne({ i: 1 });
      const reply = (await t
        .db('killed')
        .command({ find: 'byid', filter: { _id: insertedId }, batchSize: 0, projection })) as CursorReply;
      expect(Number(reply.cursor.id)).not.toBe(0);
      await coll.drop();
      expect((await serverError(() => getMore(reply.cursor.id, 'byid'))).code).toBe(175);
    }
  });
});

/** A collection of 30 documents and an aggregate on it paused after its first batch of 10. */
async function pausedAggregate(
  coll: string,
  pipeline: Document[],
  prepare?: () => Promise<unknown>,
): Promise<Long | number> {
  const db = await thirtyDocuments(coll, prepare);
  const reply = (await db.command({ aggregate: coll, pipeline, cursor: { batchSize: 10 } })) as CursorReply;
  expect(reply.cursor.firstBatch).toHaveLength(10);
  return reply.cursor.id;
}

describe('a paused aggregate is killed only when mongod answers it with a plan alone', () => {
  test('no stages: as a paused find, 175 then 43', async () => {
    const id = await pausedAggregate('aggdropped', []);
    await t.db('killed').collection('aggdropped').drop();
    expect(await killedThenGone(id, 'aggdropped')).toMatch(
      new RegExp(`^collection dropped\\. UUID ${UUID}$`),
    );
  });

  test('$match, $sort, $skip and $limit fold into the plan: renamed', async () => {
    const id = await pausedAggregate('aggbefore', [
      { $match: { i: { $gte: 0 } } },
      { $sort: { i: -1 } },
      { $skip: 1 },
      { $limit: 25 },
    ]);
    await expectKilledByRename(id, 'aggbefore', 'aggafter');
  });

  test('a $project that only keeps fields folds into the plan too', async () => {
    const id = await pausedAggregate('aggprojected', [
      { $match: { g: { $gte: 0 } } },
      { $sort: { i: 1 } },
      { $project: { i: 1, _id: 0 } },
    ]);
    await t.db('killed').collection('aggprojected').drop();
    expect((await serverError(() => getMore(id, 'aggprojected'))).code).toBe(175);
  });

  test('the index its $match scans is dropped', async () => {
    const coll = t.db('killed').collection('aggbyindex');
    const id = await pausedAggregate('aggbyindex', [{ $match: { i: { $lt: 25 } } }], () =>
      coll.createIndex({ i: 1 }),
    );
    await coll.dropIndex('i_1');
    const error = await serverError(() => getMore(id, 'aggbyindex'));
    expect(error.code).toBe(175);
    expect(error.message).toBe("query plan killed :: index 'i_1' dropped");
  });

  test('a stage the query layer cannot take, before a blocking $sort: the buffered results go on', async () => {
    // mongod keeps this pipeline; its $sort reads the collection to the end for the first batch,
    // and the plan underneath is let go once read to the end.
    const id = await pausedAggregate('aggsorted', [
      { $set: { k: { $multiply: ['$i', -1] } } },
      { $sort: { k: 1 } },
    ]);
    await t.db('killed').collection('aggsorted').drop();
    const next = (await getMore(id, 'aggsorted')) as { cursor: { id: Long | number; nextBatch: Document[] } };
    expect(next.cursor.nextBatch.map((d) => d.i as number)).toEqual(
      Array.from({ length: 20 }, (_, n) => 19 - n),
    );
    expect(Number(next.cursor.id)).toBe(0);
  });
});
