import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// The find command's natural order and tailable options as mongod answers them. Sources: the
// manual's $natural page and cursor.hint page (a collection scan in insertion order; -1 walks it
// backwards, also when an index could serve the filter), query_request_helper.cpp ("Cannot set
// 'awaitData' without also setting 'tailable'", FailedToParse) and get_executor.cpp ("tailable
// cursor requested on non capped collection", BadValue).
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
  const coll = t.db('nat').collection('c');
  // Inserted out of _id order, so that insertion order is not the index order.
  await coll.insertMany([
    { _id: 2, a: 2 },
    { _id: 3, a: 3 },
    { _id: 1, a: 1 },
  ] as Document[]);
  await coll.createIndex({ a: 1 });
  await coll.updateOne({ _id: 2 } as Document, { $set: { grown: 'x'.repeat(100) } });
});
afterAll(async () => {
  await t.stop();
});

const idsOf = (docs: Document[]) => docs.map((d) => Number(d._id));

describe('natural order', () => {
  test('sort or hint {$natural: ±1} reads in insertion order, updates keeping a document in place', async () => {
    const coll = t.db('nat').collection('c');
    expect(idsOf(await coll.find({}).sort({ $natural: 1 }).toArray())).toEqual([2, 3, 1]);
    expect(idsOf(await coll.find({}).sort({ $natural: -1 }).toArray())).toEqual([1, 3, 2]);
    expect(
      idsOf(
        await coll
          .find({ a: { $gte: 1 } })
          .hint({ $natural: -1 })
          .toArray(),
      ),
    ).toEqual([1, 3, 2]);
    expect(idsOf(await coll.find({}).sort({ $natural: -1 }).skip(1).limit(1).toArray())).toEqual([3]);
  });
});

describe('tailable cursors', () => {
  test('awaitData without tailable → 9; tailable on a collection (none is capped here) → 2', async () => {
    const db = t.db('nat');
    const awaitOnly = await serverError(() => db.command({ find: 'c', awaitData: true }));
    expect([awaitOnly.code, awaitOnly.message]).toEqual([
      9,
      "Cannot set 'awaitData' without also setting 'tailable'",
    ]);
    const tailable = await serverError(() => db.command({ find: 'c', tailable: true }));
    expect(tailable.code).toBe(2);
    expect(tailable.message).toContain('tailable cursor requested on non capped collection');
  });
});
