import type { Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * mongod compares strings by their UTF-8 bytes (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/#strings:
 * "a simple binary comparison"), which is code point order. JavaScript compares UTF-16 code units,
 * which puts a character above U+FFFF (a surrogate pair, 0xD83D… for 😀) before U+E000..U+FFFF.
 * In UTF-8, U+FFFD is EF BF BD and U+1F600 is F0 9F 98 80: U+FFFD comes first.
 */
const REPLACEMENT = '\uFFFD';
const GRINNING = '\u{1F600}';
const PRIVATE_USE = '\uE000';
const ORDER = ['a', 'z', PRIVATE_USE, REPLACEMENT, GRINNING];

let t: TestEngine;
type Row = { _id: number; s: string };
let plain: Collection<Row>;
let indexed: Collection<Row>;
beforeAll(async () => {
  t = await startTestEngine();
  plain = t.db('strings').collection<Row>('plain');
  indexed = t.db('strings').collection<Row>('indexed');
  await indexed.createIndex({ s: 1 });
  // Inserted out of order, so that no order below is the insertion order.
  const docs = [GRINNING, 'z', REPLACEMENT, 'a', PRIVATE_USE].map((s, i) => ({ _id: i, s }));
  await plain.insertMany(docs);
  await indexed.insertMany(docs);
});
afterAll(async () => {
  await t.stop();
});

const values = (docs: { s?: unknown }[]) => docs.map((d) => d.s);
const valuesOf = (docs: Record<string, unknown>[]) => docs.map((d) => d.s);

describe('strings in UTF-8 byte order, as mongod', () => {
  test.each([
    ['a collection scan', () => plain],
    ['an index', () => indexed],
  ])('find sorts ascending and descending (%s)', async (_, coll) => {
    expect(values(await coll().find().sort({ s: 1 }).toArray())).toEqual(ORDER);
    expect(values(await coll().find().sort({ s: -1 }).toArray())).toEqual([...ORDER].reverse());
  });

  test.each([
    ['a collection scan', () => plain],
    ['an index', () => indexed],
  ])('ranges follow the same order (%s)', async (_, coll) => {
    const above = await coll()
      .find({ s: { $gt: REPLACEMENT } })
      .toArray();
    const below = await coll()
      .find({ s: { $lt: GRINNING, $gte: PRIVATE_USE } })
      .sort({ s: 1 })
      .toArray();

    expect(values(above)).toEqual([GRINNING]);
    expect(values(below)).toEqual([PRIVATE_USE, REPLACEMENT]);
  });

  test('aggregation sorts and compares in the same order', async () => {
    const sorted = await plain.aggregate([{ $sort: { s: 1 } }]).toArray();
    const compared = await plain
      .aggregate([{ $match: { s: REPLACEMENT } }, { $project: { _id: 0, lower: { $lt: ['$s', GRINNING] } } }])
      .toArray();

    expect(valuesOf(sorted)).toEqual(ORDER);
    expect(compared).toEqual([{ lower: true }]);
  });
});
