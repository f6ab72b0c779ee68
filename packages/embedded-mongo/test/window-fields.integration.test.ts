import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Collection, Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * `$setWindowFields` through the official driver. Expectations come from MongoDB's manual pages:
 * the stage's page (https://www.mongodb.com/docs/manual/reference/operator/aggregation/setWindowFields/,
 * its cakeSales examples: cumulative and moving sums and averages, range and time-range windows),
 * and the pages of $rank, $denseRank, $shift, $documentNumber, $integral and $expMovingAvg for
 * their definitions; the sliding-window checks compare with a direct reading of those definitions
 * (each window's documents collected, then the accumulator applied), written below.
 */
let t: TestEngine;
let cakes: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  cakes = t.db('windows').collection('cakeSales');
  await cakes.insertMany([
    {
      _id: 0,
      type: 'chocolate',
      orderDate: new Date('2020-05-18T14:10:30Z'),
      state: 'CA',
      price: 13,
      quantity: 120,
    },
    {
      _id: 1,
      type: 'chocolate',
      orderDate: new Date('2021-03-20T11:30:05Z'),
      state: 'WA',
      price: 14,
      quantity: 140,
    },
    {
      _id: 2,
      type: 'vanilla',
      orderDate: new Date('2021-01-11T06:31:15Z'),
      state: 'CA',
      price: 12,
      quantity: 145,
    },
    {
      _id: 3,
      type: 'vanilla',
      orderDate: new Date('2020-02-08T13:13:23Z'),
      state: 'WA',
      price: 13,
      quantity: 104,
    },
    {
      _id: 4,
      type: 'strawberry',
      orderDate: new Date('2019-05-18T16:09:01Z'),
      state: 'CA',
      price: 41,
      quantity: 162,
    },
    {
      _id: 5,
      type: 'strawberry',
      orderDate: new Date('2019-01-08T06:12:03Z'),
      state: 'WA',
      price: 43,
      quantity: 134,
    },
  ] as Document[]);
});
afterAll(async () => {
  await t.stop();
});

/** `field` of each output document, by `_id`. */
async function byId(coll: Collection, stage: Document, field: string): Promise<Record<number, unknown>> {
  const out = await coll.aggregate([{ $setWindowFields: stage }]).toArray();
  return Object.fromEntries(out.map((d) => [d._id as number, d[field]]));
}

describe('the manual examples', () => {
  test('a cumulative sum per state, and partitions in partitionBy order', async () => {
    const out = await cakes
      .aggregate([
        {
          $setWindowFields: {
            partitionBy: '$state',
            sortBy: { orderDate: 1 },
            output: { total: { $sum: '$quantity', window: { documents: ['unbounded', 'current'] } } },
          },
        },
      ])
      .toArray();
    expect(out.map((d): unknown[] => [d._id, d.total])).toEqual([
      [4, 162],
      [0, 282],
      [2, 427],
      [5, 134],
      [3, 238],
      [1, 378],
    ]);
  });

  test('a moving average per year over the previous and the current document', async () => {
    const avg = await byId(
      cakes,
      {
        partitionBy: { $year: '$orderDate' },
        sortBy: { orderDate: 1 },
        output: { avg: { $avg: '$quantity', window: { documents: [-1, 0] } } },
      },
      'avg',
    );
    expect(avg).toEqual({ 5: 134, 4: 148, 3: 104, 0: 112, 2: 145, 1: 142.5 });
  });

  test('a range window over prices within 10 of the current one', async () => {
    const similar = await byId(
      cakes,
      {
        partitionBy: '$state',
        sortBy: { price: 1 },
        output: { similar: { $sum: '$quantity', window: { range: [-10, 10] } } },
      },
      'similar',
    );
    expect(similar).toEqual({ 2: 265, 0: 265, 4: 162, 3: 244, 1: 244, 5: 134 });
  });

  test('time range windows with a positive and a negative upper bound in months', async () => {
    const dates = (...ids: number[]) =>
      ids
        .map(
          (id) =>
            ({
              0: '2020-05-18T14:10:30Z',
              1: '2021-03-20T11:30:05Z',
              2: '2021-01-11T06:31:15Z',
              3: '2020-02-08T13:13:23Z',
              4: '2019-05-18T16:09:01Z',
              5: '2019-01-08T06:12:03Z',
            })[id],
        )
        .map((s) => new Date(s as string));
    const window = (upper: number) => ({
      partitionBy: '$state',
      sortBy: { orderDate: 1 },
      output: { recent: { $push: '$orderDate', window: { range: ['unbounded', upper], unit: 'month' } } },
    });
    expect(await byId(cakes, window(10), 'recent')).toEqual({
      4: dates(4),
      0: dates(4, 0, 2),
      2: dates(4, 0, 2),
      5: dates(5),
      3: dates(5, 3),
      1: dates(5, 3, 1),
    });
    expect(await byId(cakes, window(-10), 'recent')).toEqual({
      4: [],
      0: dates(4),
      2: dates(4),
      5: [],
      3: dates(5),
      1: dates(5, 3),
    });
  });

  test('$rank, $denseRank, $documentNumber and $shift by descending quantity', async () => {
    const out = await cakes
      .aggregate([
        {
          $setWindowFields: {
            partitionBy: '$state',
            sortBy: { quantity: -1 },
            output: {
              rank: { $rank: {} },
              dense: { $denseRank: {} },
              n: { $documentNumber: {} },
              next: { $shift: { output: '$quantity', by: 1, default: 'Not available' } },
            },
          },
        },
      ])
      .toArray();
    expect(out.map((d): unknown[] => [d._id, d.rank, d.dense, d.n, d.next])).toEqual([
      [4, 1, 1, 1, 145],
      [2, 2, 2, 2, 120],
      [0, 3, 3, 3, 'Not available'],
      [1, 1, 1, 1, 134],
      [5, 2, 2, 2, 104],
      [3, 3, 3, 3, 'Not available'],
    ]);
  });
});

describe('range windows over values of another type', () => {
  // mongod: "Invalid range: Expected the sortBy field to be a number" (5429414), a date needs a
  // unit (5429413), a unit needs a date (5429513).
  test('are refused with mongod codes', async () => {
    const range = (unit?: string) => ({
      sortBy: { orderDate: 1 },
      output: { s: { $sum: '$quantity', window: { range: [-1, 0], ...(unit ? { unit } : {}) } } },
    });
    const code = async (stage: Document, coll = cakes) =>
      (await serverError(() => coll.aggregate([{ $setWindowFields: stage }]).toArray())).code;
    expect(await code(range())).toBe(5429413);
    expect(await code({ ...range('day'), sortBy: { state: 1 } })).toBe(5429513);
    expect(await code({ ...range(), sortBy: { type: 1 } })).toBe(5429414);
  });

  // mongod reads a range window's sortBy field as the expression "$field": an array is an array
  // (refused with 5429414, "but it was array"), although $sort orders it by an element.
  test('a sortBy field holding an array, or reached through one, is refused', async () => {
    const coll = t.db('windows').collection<Document & { _id: number }>('rangeArrays');
    await coll.insertMany([
      { _id: 1, v: 1, doc: { n: 1 } },
      { _id: 2, v: [2, 9], doc: [{ n: 2 }] },
      { _id: 3, v: 3, doc: { n: 3 } },
    ]);
    const stage = (field: string) => ({
      $setWindowFields: {
        sortBy: { [field]: 1 },
        output: { s: { $sum: '$_id', window: { range: [-1, 1] } } },
      },
    });
    for (const field of ['v', 'doc.n']) {
      const err = await serverError(() => coll.aggregate([stage(field)]).toArray());
      expect(err.code).toBe(5429414);
      expect(err.message).toContain('Expected the sortBy field to be a number, but it was array');
    }
    // The same documents without the array: the window sums the neighbours within 1.
    await coll.updateOne({ _id: 2 }, { $set: { v: 2, doc: { n: 2 } } });
    expect(await coll.aggregate([stage('doc.n'), { $project: { s: 1 } }]).toArray()).toEqual([
      { _id: 1, s: 3 },
      { _id: 2, s: 6 },
      { _id: 3, s: 5 },
    ]);
  });
});

describe('ties, integrals and moving averages', () => {
  // $rank: tied documents share a rank and the next rank skips; $denseRank does not skip.
  test('tied sortBy values share a rank', async () => {
    const coll = t.db('windows').collection('ties');
    await coll.insertMany([5, 7, 7, 7, 9, 9, 12].map((v, i) => ({ _id: i, v })) as Document[]);
    const out = await coll
      .aggregate([
        { $setWindowFields: { sortBy: { v: 1 }, output: { r: { $rank: {} }, d: { $denseRank: {} } } } },
      ])
      .toArray();
    expect(out.map((d): unknown[] => [d.r, d.d])).toEqual([
      [1, 1],
      [2, 2],
      [2, 2],
      [2, 2],
      [5, 3],
      [5, 3],
      [7, 4],
    ]);
  });

  // $integral: the trapezoidal rule over the window, x in `unit`s of the sortBy dates.
  test('a running $integral of power in kilowatt-hours', async () => {
    const coll = t.db('windows').collection('power');
    const kw = [2.95, 2.7, 2.6, 2.98];
    await coll.insertMany(
      kw.map((k, i) => ({
        _id: i,
        at: new Date(Date.UTC(2020, 4, 18, 14, 10, 30 + 30 * i)),
        k,
      })) as Document[],
    );
    const energy = await byId(
      coll,
      {
        sortBy: { at: 1 },
        output: {
          e: {
            $integral: { input: '$k', unit: 'hour' },
            window: { range: ['unbounded', 'current'], unit: 'hour' },
          },
        },
      },
      'e',
    );
    let running = 0;
    kw.forEach((k, i) => {
      if (i > 0) running += ((kw[i - 1] as number) + k) / 2 / 120;
      expect(energy[i]).toBeCloseTo(running, 12);
    });
  });

  // $expMovingAvg with N: weight 2 / (N + 1) on the current value, the rest on the previous result.
  test('$expMovingAvg with N', async () => {
    const coll = t.db('windows').collection('prices');
    const prices = [13, 16, 11, 12, 18];
    await coll.insertMany(prices.map((p, i) => ({ _id: i, p })) as Document[]);
    const ema = await byId(
      coll,
      { sortBy: { _id: 1 }, output: { m: { $expMovingAvg: { input: '$p', N: 2 } } } },
      'm',
    );
    let previous = prices[0] as number;
    prices.forEach((p, i) => {
      if (i > 0) previous = p * (2 / 3) + previous * (1 / 3);
      expect(ema[i]).toBeCloseTo(previous, 12);
    });
  });
});

/** Standard deviation of `xs` over `xs.length - sample` (null when that is not positive). */
function deviation(xs: number[], sample: 0 | 1): number | null {
  if (xs.length - sample <= 0) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - sample));
}
/** Sample or population covariance of each x with x mod 7 (null when too few). */
function covariance(xs: number[], sample: 0 | 1): number | null {
  if (xs.length - sample <= 0) return null;
  const ys = xs.map((x) => x % 7);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  return xs.reduce((a, x, i) => a + (x - mx) * ((ys[i] as number) - my), 0) / (xs.length - sample);
}
/** Equal to a billionth (relative): summing in another order changes the last bits of a double. */
const near = (got: unknown, want: unknown) =>
  typeof got === 'number' &&
  typeof want === 'number' &&
  Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));

/** The argument of each window operator tested: `$v`, a pair for covariances, none for `$count`. */
const argument = (op: string): unknown =>
  op === '$count' ? {} : op.startsWith('$covariance') ? ['$v', { $mod: ['$v', 7] }] : '$v';

/** The window of document `i` of `n` by position, per the manual's `documents` definition. */
const positions = (i: number, n: number, [lo, hi]: [number | string, number | string]) => {
  const from = lo === 'unbounded' ? 0 : Math.max(0, i + (lo === 'current' ? 0 : (lo as number)));
  const to = hi === 'unbounded' ? n - 1 : Math.min(n - 1, i + (hi === 'current' ? 0 : (hi as number)));
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);
};

// 600 documents run through the one-go stage, 1,500 through the pausing one (over 1,000).
describe.each([600, 1500])('sliding windows over %i documents', (N) => {
  /** Values with repeats, a few missing, in 3 partitions; `_id` is the sort order within each. */
  const value = (i: number) => (i % 17 === 0 ? undefined : ((i * 37) % 101) - 50);
  const windows: [number | string, number | string][] = [
    ['unbounded', 'current'],
    [-5, 0],
    [-3, 4],
    [2, 6],
    ['current', 'unbounded'],
    [-40, -10],
  ];

  test('$sum, $count, $min, $max, $avg, $first, $last, $push, $stdDev and $covariance agree with each window read directly', async () => {
    const coll = t.db('windows').collection(`sliding${String(N)}`);
    await coll.insertMany(
      Array.from({ length: N }, (_, i) => {
        const v = value(i);
        return v === undefined ? { _id: i, g: i % 3 } : { _id: i, g: i % 3, v };
      }) as Document[],
    );
    const ops = [
      '$sum',
      '$count',
      '$min',
      '$max',
      '$avg',
      '$first',
      '$last',
      '$push',
      '$stdDevPop',
      '$stdDevSamp',
      '$covariancePop',
      '$covarianceSamp',
    ] as const;
    for (const documents of windows) {
      const output = Object.fromEntries(
        ops.map((op) => [op.slice(1), { [op]: argument(op), window: { documents } }]),
      );
      const out = await coll
        .aggregate([
          { $setWindowFields: { partitionBy: '$g', sortBy: { _id: 1 }, output } },
          { $sort: { _id: 1 } },
        ])
        .toArray();
      for (let g = 0; g < 3; g++) {
        const ids = Array.from({ length: N }, (_, i) => i).filter((i) => i % 3 === g);
        ids.forEach((id, k) => {
          const inWindow = positions(k, ids.length, documents).map((p) => ids[p] as number);
          const present = inWindow.map(value).filter((v): v is number => v !== undefined);
          const sum = present.reduce((a, b) => a + b, 0);
          const doc = out[id] as Document;
          const expected = {
            sum,
            count: inWindow.length,
            min: present.length ? Math.min(...present) : null,
            max: present.length ? Math.max(...present) : null,
            avg: present.length ? sum / present.length : null,
            first: inWindow.length ? (value(inWindow[0] as number) ?? null) : null,
            last: inWindow.length ? (value(inWindow[inWindow.length - 1] as number) ?? null) : null,
            push: present,
            // The square root of the mean squared deviation from the mean, over n or n - 1.
            stdDevPop: deviation(present, 0),
            stdDevSamp: deviation(present, 1),
            // The mean product of the two values' deviations from their means (y = x mod 7 here).
            covariancePop: covariance(present, 0),
            covarianceSamp: covariance(present, 1),
          };
          const got = Object.fromEntries(
            Object.keys(expected).map((k2) => {
              const v: unknown = doc[k2] ?? null;
              const want = expected[k2 as keyof typeof expected];
              return [k2, /^(stdDev|covariance)/.test(k2) && near(v, want) ? want : v];
            }),
          );
          expect([documents, id, got]).toEqual([documents, id, expected]);
        });
      }
    }
  }, 120_000);
});
