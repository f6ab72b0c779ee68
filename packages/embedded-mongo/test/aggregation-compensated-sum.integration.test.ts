import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * `$sum` and `$avg` over doubles as mongod computes them: a compensated (double-double) sum, the
 * pair of a running sum rounded to nearest and the remainder each addition lost, folded into the
 * next addition. Its running sum is then the double nearest the exact sum of the inputs for any
 * sum that does not cancel itself out, so the expectations below are the exact sums of the stored
 * doubles rounded to nearest, reasoned from the inputs (or computed exactly with BigInt), never
 * the engine's output. A plain loop of additions misses them: ten 0.1s sum to 0.9999999999999999.
 * mongod's `$avg` is that sum divided by the count. A `$group` over more than 1,000 documents runs
 * batch by batch (yielding-pipeline.ts), and a large group chunk by chunk: both must give the same
 * double as one pass over the same values, e.g. the `$sum` expression over one array holding them.
 */
const DB = 'compensatedsum';
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
}, 60_000);
afterAll(async () => {
  await t.stop();
});

/** The values as documents `{g, x}` of a fresh collection, and as one array in `<name>_one`. */
async function store(name: string, xs: number[], group: (i: number) => number = () => 0): Promise<void> {
  const db = t.db(DB);
  for (let from = 0; from < xs.length; from += 5000)
    await db
      .collection(name)
      .insertMany(xs.slice(from, from + 5000).map((x, i) => ({ g: group(from + i), x })));
  await db.collection(`${name}_one`).insertOne({ xs });
}

const groupSums = (name: string) =>
  t
    .db(DB)
    .collection(name)
    .aggregate<{ _id: number; sum: number; avg: number }>([
      { $group: { _id: '$g', sum: { $sum: '$x' }, avg: { $avg: '$x' } } },
      { $sort: { _id: 1 } },
    ])
    .toArray();

const oneGo = async (name: string) =>
  (
    await t
      .db(DB)
      .collection(`${name}_one`)
      .aggregate<{ sum: number; avg: number }>([
        { $project: { _id: 0, sum: { $sum: '$xs' }, avg: { $avg: '$xs' } } },
      ])
      .toArray()
  )[0];

// 0.1 is stored as 0.1000000000000000055511151231257827...; ten of them sum exactly to
// 1.0000000000000000555..., whose nearest double is 1 (the next one is 1 + 2.2e-16).
test('ten 0.1s sum to 1 and average 0.1, in a group and as an expression', async () => {
  await store(
    'tenths',
    Array.from({ length: 10 }, () => 0.1),
  );
  expect(await groupSums('tenths')).toEqual([{ _id: 0, sum: 1, avg: 0.1 }]);
  expect(await oneGo('tenths')).toEqual({ sum: 1, avg: 0.1 });
});

// 3,000 × 0.1000000000000000055... = 300.0000000000000166..., nearest double 300 (its unit in
// the last place is 5.7e-14). Over 1,000 documents the group runs batch by batch.
test('3,000 0.1s summed batch by batch give 300, as one pass does', async () => {
  await store(
    'manytenths',
    Array.from({ length: 3000 }, () => 0.1),
  );
  expect(await groupSums('manytenths')).toEqual([{ _id: 0, sum: 300, avg: 0.1 }]);
  expect(await oneGo('manytenths')).toEqual({ sum: 300, avg: 0.1 });
});

// 1e16 has a unit in the last place of 2, so adding 1.0 alone to it rounds back to 1e16 (a tie,
// to even); the compensated sum keeps each lost 1.0 and gives 1e16 + 1500 exactly (even, so a
// double). This is the case where 500-document chunks of one group used to give +1252, and one
// pass +0.
test('1e16 then 1,500 ones sum to 1e16 + 1500 in every path', async () => {
  const xs = [1e16, ...Array.from({ length: 1500 }, () => 1)];
  await store('bigfirst', xs);
  await store('bigfirstgroups', xs, (i) => i % 2);
  expect(await groupSums('bigfirst')).toEqual([{ _id: 0, sum: 1e16 + 1500, avg: (1e16 + 1500) / 1501 }]);
  expect((await oneGo('bigfirst'))?.sum).toBe(1e16 + 1500);
  // Group 0 holds 1e16 and 750 ones (even indexes 2..1500), group 1 the other 750 ones.
  expect((await groupSums('bigfirstgroups')).map((g) => g.sum)).toEqual([1e16 + 750, 750]);
});

/** The double nearest to the exact sum of `xs` (BigInt arithmetic on their exact binary values). */
function exactSum(xs: number[]): number {
  const SCALE = 1100n; // every double below is a multiple of 2^-1074
  let total = 0n;
  for (const x of xs) {
    const [m, e] = binary(x);
    total += m << (BigInt(e) + SCALE);
  }
  return toNearestDouble(total, -Number(SCALE));
}

/** x = m × 2^e with an integer m. */
function binary(x: number): [bigint, number] {
  let e = 0;
  while (!Number.isInteger(x)) {
    x *= 2;
    e--;
  }
  return [BigInt(x), e];
}

/** The double nearest m × 2^e (ties to even), for values well inside the double range. */
function toNearestDouble(m: bigint, e: number): number {
  const negative = m < 0n;
  let a = negative ? -m : m;
  const bits = a.toString(2).length;
  const drop = Math.max(0, bits - 53);
  if (drop > 0) {
    const rest = a & ((1n << BigInt(drop)) - 1n);
    const half = 1n << BigInt(drop - 1);
    a >>= BigInt(drop);
    if (rest > half || (rest === half && (a & 1n) === 1n)) a += 1n;
  }
  const value = Number(a) * 2 ** (e + drop);
  return negative ? -value : value;
}

// Fixed pseudo-random doubles of mixed magnitudes and signs (no cancellation to near zero).
test('mixed doubles: the group sum, batch by batch and per chunk of a large group, is the nearest double to the exact sum', async () => {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const xs = Array.from({ length: 4000 }, () => (next() * 10 ** Math.floor(next() * 8)) / 7);
  await store('mixed', xs);
  const expected = exactSum(xs);
  const naive = xs.reduce((a, b) => a + b, 0);
  // The inputs are chosen so that the plain loop is wrong: the test tells the two apart.
  expect(naive).not.toBe(expected);
  const [group] = await groupSums('mixed');
  expect(group?.sum).toBe(expected);
  expect(group?.avg).toBe(expected / xs.length);
  expect((await oneGo('mixed'))?.sum).toBe(expected);
  // After an $unwind the same values reach one large group (chunk by chunk, with $push beside).
  const [unwound] = await t
    .db(DB)
    .collection('mixed_one')
    .aggregate<{ sum: number; avg: number; all: number[] }>([
      { $unwind: '$xs' },
      { $group: { _id: null, sum: { $sum: '$xs' }, avg: { $avg: '$xs' }, all: { $push: '$xs' } } },
    ])
    .toArray();
  expect([unwound?.sum, unwound?.avg, unwound?.all.length]).toEqual([expected, expected / xs.length, 4000]);
});

// mongod's $stdDevPop and $stdDevSamp fold the values in input order (Welford's algorithm): the
// same double whether the group runs in one pass or chunk by chunk. Values 0..1999: population
// variance (n² - 1) / 12, sample variance n(n + 1) / 12.
test('$stdDevPop and $stdDevSamp of a large group match one pass over the same values', async () => {
  const xs = Array.from({ length: 2000 }, (_, i) => i);
  await store('spread', xs);
  const [grouped] = await t
    .db(DB)
    .collection('spread_one')
    .aggregate<{ pop: number; samp: number }>([
      { $unwind: '$xs' },
      { $group: { _id: null, pop: { $stdDevPop: '$xs' }, samp: { $stdDevSamp: '$xs' } } },
      { $project: { _id: 0 } },
    ])
    .toArray();
  const [batched] = await t
    .db(DB)
    .collection('spread')
    .aggregate<{ pop: number; samp: number }>([
      { $group: { _id: null, pop: { $stdDevPop: '$x' }, samp: { $stdDevSamp: '$x' } } },
      { $project: { _id: 0 } },
    ])
    .toArray();
  const [single] = await t
    .db(DB)
    .collection('spread_one')
    .aggregate<{ pop: number; samp: number }>([
      { $project: { _id: 0, pop: { $stdDevPop: '$xs' }, samp: { $stdDevSamp: '$xs' } } },
    ])
    .toArray();
  expect(grouped).toEqual(single);
  expect(batched).toEqual(single);
  expect(single?.pop).toBeCloseTo(Math.sqrt((2000 ** 2 - 1) / 12), 9);
  expect(single?.samp).toBeCloseTo(Math.sqrt((2000 * 2001) / 12), 9);
});
