import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * Over one large group (40,000 documents after an `$unwind`) the accumulators that keep n values
 * or merge objects run chunk by chunk with pauses (yielding-group.ts): the answers must be those of
 * the manual's definitions over the whole group, whatever the chunks. The values are 0..39,999 in
 * input order. (The pauses themselves are not told apart by probes here: the group's key phase
 * already pauses every 1,000 documents.)
 */
const DB = 'yieldgroupacc';
const SMALL = 20;
const ARRAY = 2000;
const N = SMALL * ARRAY;
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
  await t
    .db(DB)
    .collection<{ _id: number; arr: number[] }>('small')
    .insertMany(
      Array.from({ length: SMALL }, (_, i) => ({
        _id: i,
        arr: Array.from({ length: ARRAY }, (_, j) => i * ARRAY + j),
      })),
    );
}, 120_000);
afterAll(async () => {
  await t.stop();
});

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/topN/ (and bottomN, firstN,
// lastN, maxN, minN, mergeObjects): the n first by the sort, the first and last n in input order,
// the n largest and smallest values, and one document where a later value of a field wins.
test('$mergeObjects, $topN, $bottomN, $firstN, $lastN, $maxN and $minN over one large group', async () => {
  const [group] = await t
    .db(DB)
    .collection('small')
    .aggregate([
      { $unwind: '$arr' },
      // Computed beforehand, so that the chunks see plain field paths (computed expressions
      // inside $group: group-n-accumulators.integration.test.ts).
      {
        $set: {
          o: { $arrayToObject: [[[{ $concat: ['k', { $toString: { $mod: ['$arr', 7] } }] }, '$arr']]] },
          m: { $mod: ['$arr', 1000] },
        },
      },
      {
        $group: {
          _id: null,
          merged: { $mergeObjects: '$o' },
          top: { $topN: { n: 3, sortBy: { arr: -1 }, output: '$arr' } },
          bottom: { $bottomN: { n: 2, sortBy: { arr: -1 }, output: '$arr' } },
          first: { $firstN: { n: 2, input: '$arr' } },
          last: { $lastN: { n: 2, input: '$arr' } },
          maxThousands: { $maxN: { n: 3, input: '$m' } },
          min: { $minN: { n: 2, input: '$arr' } },
        },
      },
      { $project: { _id: 0 } },
    ])
    .toArray();
  // The last value with each remainder modulo 7 wins: the largest below N.
  const merged = Object.fromEntries(
    Array.from({ length: 7 }, (_, r) => [`k${String(r)}`, N - 1 - ((N - 1 - r + 7) % 7)]),
  );
  expect(group).toEqual({
    merged,
    top: [N - 1, N - 2, N - 3],
    bottom: [1, 0],
    first: [0, 1],
    last: [N - 2, N - 1],
    maxThousands: [999, 999, 999],
    min: [0, 1],
  });
}, 120_000);
