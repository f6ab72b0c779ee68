import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * The accumulators named like an expression operator (`$mergeObjects`, `$maxN`, `$minN`,
 * `$firstN`, `$lastN`) and those picking by a sort (`$top`, `$bottom`, `$topN`, `$bottomN`) take
 * any expression per document, as mongod's group stage evaluates it, in `$group`, `$bucket` and
 * `$setWindowFields`. Data and answers of the manual's examples
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/maxN/, minN, firstN, lastN,
 * top, bottom, topN, mergeObjects).
 */
const DB = 'groupnacc';
type Keyed = Record<string, unknown> & { _id?: number };
const SCORES = [
  { playerId: 'PlayerA', gameId: 'G1', score: 31 },
  { playerId: 'PlayerB', gameId: 'G1', score: 33 },
  { playerId: 'PlayerC', gameId: 'G1', score: 99 },
  { playerId: 'PlayerD', gameId: 'G1', score: 1 },
  { playerId: 'PlayerA', gameId: 'G2', score: 10 },
  { playerId: 'PlayerB', gameId: 'G2', score: 14 },
  { playerId: 'PlayerC', gameId: 'G2', score: 66 },
  { playerId: 'PlayerD', gameId: 'G2', score: 80 },
];
const SALES = [
  { _id: 1, year: 2017, item: 'A', quantity: { '2017Q1': 500, '2017Q2': 500 } },
  { _id: 2, year: 2016, item: 'A', quantity: { '2016Q1': 400, '2016Q2': 300, '2016Q3': 0, '2016Q4': 0 } },
  { _id: 3, year: 2017, item: 'B', quantity: { '2017Q1': 300 } },
  { _id: 4, year: 2016, item: 'B', quantity: { '2016Q3': 100, '2016Q4': 250 } },
];
/** One group larger than the chunks the pausing `$group` accumulates by (yielding-group.ts). */
const LARGE = 1500;

let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
  await t
    .db(DB)
    .collection('gamescores')
    .insertMany(SCORES.map((d) => ({ ...d })));
  await t
    .db(DB)
    .collection<Keyed>('sales')
    .insertMany(SALES.map((d) => ({ ...d })));
  await t
    .db(DB)
    .collection<Keyed>('large')
    .insertMany(Array.from({ length: LARGE }, (_, i) => ({ _id: i, v: i, s: `s${String(i % 10)}` })));
}, 60_000);
afterAll(async () => {
  await t.stop();
});

const byGame = async (acc: Record<string, unknown>): Promise<unknown[]> =>
  t
    .db(DB)
    .collection('gamescores')
    .aggregate([{ $group: { _id: '$gameId', ...acc } }, { $sort: { _id: 1 } }])
    .toArray();

describe('in $group, with a computed expression per document', () => {
  test('$maxN and $minN of an array expression (the manual example)', async () => {
    expect(
      await byGame({
        maxScores: { $maxN: { input: ['$score', '$playerId'], n: 3 } },
        minScores: { $minN: { input: ['$score', '$playerId'], n: 3 } },
      }),
    ).toEqual([
      {
        _id: 'G1',
        maxScores: [
          [99, 'PlayerC'],
          [33, 'PlayerB'],
          [31, 'PlayerA'],
        ],
        minScores: [
          [1, 'PlayerD'],
          [31, 'PlayerA'],
          [33, 'PlayerB'],
        ],
      },
      {
        _id: 'G2',
        maxScores: [
          [80, 'PlayerD'],
          [66, 'PlayerC'],
          [14, 'PlayerB'],
        ],
        minScores: [
          [10, 'PlayerA'],
          [14, 'PlayerB'],
          [66, 'PlayerC'],
        ],
      },
    ]);
  });

  test('$maxN leaves null out; $firstN and $lastN of a computed string keep input order', async () => {
    expect(
      await byGame({
        high: { $maxN: { input: { $cond: [{ $gte: ['$score', 50] }, '$playerId', null] }, n: 3 } },
        first: { $firstN: { input: { $concat: ['$playerId', ':', { $toString: '$score' }] }, n: 2 } },
        last: { $lastN: { input: { $concat: ['$playerId', ':', { $toString: '$score' }] }, n: 2 } },
      }),
    ).toEqual([
      {
        _id: 'G1',
        high: ['PlayerC'],
        first: ['PlayerA:31', 'PlayerB:33'],
        last: ['PlayerC:99', 'PlayerD:1'],
      },
      {
        _id: 'G2',
        high: ['PlayerD', 'PlayerC'],
        first: ['PlayerA:10', 'PlayerB:14'],
        last: ['PlayerC:66', 'PlayerD:80'],
      },
    ]);
  });

  test('$top and $bottom answer one value; $topN a computed output', async () => {
    expect(
      await byGame({
        top: { $top: { output: ['$playerId', '$score'], sortBy: { score: -1 } } },
        bottom: { $bottom: { output: ['$playerId', '$score'], sortBy: { score: -1 } } },
        topTwo: { $topN: { output: { $concat: ['$playerId', '!'] }, sortBy: { score: -1 }, n: 2 } },
      }),
    ).toEqual([
      { _id: 'G1', top: ['PlayerC', 99], bottom: ['PlayerD', 1], topTwo: ['PlayerC!', 'PlayerB!'] },
      { _id: 'G2', top: ['PlayerD', 80], bottom: ['PlayerA', 10], topTwo: ['PlayerD!', 'PlayerC!'] },
    ]);
  });

  test('$mergeObjects of a computed document, later fields winning and null skipped', async () => {
    const merged = await t
      .db(DB)
      .collection('sales')
      .aggregate([
        {
          $group: {
            _id: '$item',
            byYear: { $mergeObjects: { $arrayToObject: [[[{ $toString: '$year' }, '$_id']]] } },
            last: { $mergeObjects: { lastYear: '$year', lastId: '$_id' } },
            recent: { $mergeObjects: { $cond: [{ $eq: ['$year', 2017] }, '$quantity', null] } },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(merged).toEqual([
      {
        _id: 'A',
        byYear: { '2017': 1, '2016': 2 },
        last: { lastYear: 2016, lastId: 2 },
        recent: { '2017Q1': 500, '2017Q2': 500 },
      },
      {
        _id: 'B',
        byYear: { '2017': 3, '2016': 4 },
        last: { lastYear: 2016, lastId: 4 },
        recent: { '2017Q1': 300 },
      },
    ]);
  });

  test('$mergeObjects of a value that is not a document is error 40400', async () => {
    const err = await serverError(() =>
      t
        .db(DB)
        .collection('sales')
        .aggregate([{ $group: { _id: null, m: { $mergeObjects: { $add: ['$year', 1] } } } }])
        .toArray(),
    );
    expect(err.code).toBe(40400);
    expect(err.message).toContain('$mergeObjects requires object inputs, but input');
  });

  test('over one large group, accumulated chunk by chunk with pauses', async () => {
    const [group] = await t
      .db(DB)
      .collection('large')
      .aggregate([
        {
          $group: {
            _id: null,
            max: { $maxN: { input: { $multiply: ['$v', 2] }, n: 2 } },
            min: { $minN: { input: { $concat: ['$s', '-', { $toString: '$v' }] }, n: 2 } },
            first: { $firstN: { input: { $add: ['$v', 1] }, n: 2 } },
            last: { $lastN: { input: { $add: ['$v', 1] }, n: 2 } },
            merged: { $mergeObjects: { $arrayToObject: [[['$s', '$v']]] } },
            top: { $top: { output: { $subtract: [0, '$v'] }, sortBy: { v: -1 } } },
            bottom: { $bottom: { output: { $subtract: [0, '$v'] }, sortBy: { v: -1 } } },
          },
        },
        { $project: { _id: 0 } },
      ])
      .toArray();
    expect(group).toEqual({
      max: [2 * (LARGE - 1), 2 * (LARGE - 2)],
      min: ['s0-0', 's0-10'],
      first: [1, 2],
      last: [LARGE - 1, LARGE],
      merged: Object.fromEntries(Array.from({ length: 10 }, (_, r) => [`s${String(r)}`, LARGE - 10 + r])),
      top: -(LARGE - 1),
      bottom: 0,
    });
  }, 60_000);
});

test('in $bucket and $setWindowFields too', async () => {
  const c = t.db(DB).collection('gamescores');
  const buckets = await c
    .aggregate([
      {
        $bucket: {
          groupBy: '$score',
          boundaries: [0, 50, 100],
          output: {
            best: { $top: { output: '$playerId', sortBy: { score: -1 } } },
            tags: { $firstN: { input: { $concat: ['$gameId', '/', '$playerId'] }, n: 1 } },
          },
        },
      },
    ])
    .toArray();
  expect(buckets).toEqual([
    { _id: 0, best: 'PlayerB', tags: ['G1/PlayerA'] },
    { _id: 50, best: 'PlayerC', tags: ['G1/PlayerC'] },
  ]);
  const windows = await c
    .aggregate([
      {
        $setWindowFields: {
          partitionBy: '$gameId',
          sortBy: { score: 1 },
          output: {
            lowest: {
              $top: { output: '$playerId', sortBy: { score: 1 } },
              window: { documents: ['unbounded', 'current'] },
            },
            twoBest: {
              $maxN: { input: { $multiply: ['$score', 10] }, n: 2 },
              window: { documents: ['unbounded', 'current'] },
            },
          },
        },
      },
      { $match: { playerId: 'PlayerB' } },
      { $project: { _id: 0, gameId: 1, lowest: 1, twoBest: 1 } },
    ])
    .toArray();
  expect(windows).toEqual([
    { gameId: 'G1', lowest: 'PlayerD', twoBest: [330, 310] },
    { gameId: 'G2', lowest: 'PlayerA', twoBest: [140, 100] },
  ]);
});
