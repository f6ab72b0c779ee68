import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
  const db = t.db('agg');
  await db.collection('sales').insertMany([
    { item: 'a', qty: 2, price: 10, form: 'f1' },
    { item: 'b', qty: 1, price: 20, form: 'f1' },
    { item: 'a', qty: 5, price: 10, form: 'f2' },
    { item: 'c', qty: 1, price: 5, form: 'f2' },
  ]);
  await db.collection('forms').insertMany([
    { _id: 'f1', title: 'One' },
    { _id: 'f2', title: 'Two' },
  ] as Document[]);
});
afterAll(async () => {
  await t.stop();
});

const agg = (pipeline: Document[], coll = 'sales') =>
  t.db('agg').collection(coll).aggregate(pipeline).toArray();

describe('aggregation stages (https://www.mongodb.com/docs/manual/reference/operator/aggregation-pipeline/)', () => {
  test('$match, $group with accumulators, $sort', async () => {
    const res = await agg([
      { $match: { qty: { $gte: 1 } } },
      {
        $group: {
          _id: '$item',
          total: { $sum: { $multiply: ['$qty', '$price'] } },
          n: { $sum: 1 },
          avgQty: { $avg: '$qty' },
        },
      },
      { $sort: { total: -1 } },
    ]);
    expect(res).toEqual([
      { _id: 'a', total: 70, n: 2, avgQty: 3.5 },
      { _id: 'b', total: 20, n: 1, avgQty: 1 },
      { _id: 'c', total: 5, n: 1, avgQty: 1 },
    ]);
  });

  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/facet/
  test('$facet runs sub-pipelines over the same input', async () => {
    const [res] = await agg([
      {
        $facet: {
          count: [{ $count: 'n' }],
          top: [{ $sort: { qty: -1 } }, { $limit: 1 }, { $project: { _id: 0, item: 1 } }],
        },
      },
    ]);
    expect(res).toEqual({ count: [{ n: 4 }], top: [{ item: 'a' }] });
  });

  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/
  test('$lookup joins another collection of the same database', async () => {
    const res = await agg([
      { $match: { item: 'b' } },
      { $lookup: { from: 'forms', localField: 'form', foreignField: '_id', as: 'f' } },
      { $project: { _id: 0, item: 1, title: { $arrayElemAt: ['$f.title', 0] } } },
    ]);
    expect(res).toEqual([{ item: 'b', title: 'One' }]);
  });

  test('$unwind, $skip, $limit, $addFields, $count', async () => {
    const res = await agg([
      { $project: { _id: 0, item: 1, parts: ['$qty', '$price'] } },
      { $unwind: '$parts' },
      { $sort: { parts: 1, item: 1 } },
      { $skip: 1 },
      { $limit: 2 },
      { $addFields: { twice: { $multiply: ['$parts', 2] } } },
    ]);
    expect(res).toEqual([
      { item: 'c', parts: 1, twice: 2 },
      { item: 'a', parts: 2, twice: 4 },
    ]);
    expect(await agg([{ $match: { form: 'f2' } }, { $count: 'n' }])).toEqual([{ n: 2 }]);
  });

  test('large results come back through getMore', async () => {
    const c = t.db('agg').collection('many');
    await c.insertMany(Array.from({ length: 1000 }, (_, i) => ({ i })));
    const res = await c.aggregate([{ $sort: { i: -1 } }], { batchSize: 100 }).toArray();
    expect(res).toHaveLength(1000);
    expect(res[0]?.i).toBe(999);
  });

  test('an unknown stage answers 40324 and an unknown expression 168', async () => {
    expect((await serverError(() => agg([{ $nope: {} }]))).code).toBe(40324);
    expect((await serverError(() => agg([{ $project: { x: { $nope: 1 } } }]))).code).toBe(168);
  });

  test('$out and $merge are refused, not faked', async () => {
    expect((await serverError(() => agg([{ $out: 'x' }]))).code).toBe(20);
    expect((await serverError(() => agg([{ $merge: { into: 'x' } }]))).code).toBe(20);
  });
});

describe('date operators with time zones (https://www.mongodb.com/docs/manual/reference/operator/aggregation/#date-expression-operators)', () => {
  const NY = 'America/New_York';
  const one = async (expr: Document, date: Date) => {
    const c = t.db('agg').collection('dates');
    await c.deleteMany({});
    await c.insertOne({ d: date });
    const [res] = await c.aggregate([{ $project: { _id: 0, v: expr } }]).toArray();
    return res?.v as unknown;
  };

  // US DST starts 2026-03-08 02:00 local (EST -05:00 → EDT -04:00)
  test('America/New_York around the spring-forward of 2026-03-08', async () => {
    const before = new Date('2026-03-08T06:30:00Z');
    const after = new Date('2026-03-08T07:30:00Z');
    expect(await one({ $hour: { date: '$d', timezone: NY } }, before)).toBe(1);
    expect(await one({ $hour: { date: '$d', timezone: NY } }, after)).toBe(3);
    expect(
      await one({ $dateToString: { date: '$d', timezone: NY, format: '%Y-%m-%d %H:%M %z' } }, before),
    ).toBe('2026-03-08 01:30 -0500');
    expect(
      await one({ $dateToString: { date: '$d', timezone: NY, format: '%Y-%m-%d %H:%M %z' } }, after),
    ).toBe('2026-03-08 03:30 -0400');
    // https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateTrunc/
    expect(await one({ $dateTrunc: { date: '$d', unit: 'day', timezone: NY } }, after)).toEqual(
      new Date('2026-03-08T05:00:00Z'),
    );
    expect(
      await one({ $dateTrunc: { date: '$d', unit: 'day', timezone: NY } }, new Date('2026-03-09T12:00:00Z')),
    ).toEqual(new Date('2026-03-09T04:00:00Z'));
    expect(
      await one({ $dateTrunc: { date: '$d', unit: 'week', timezone: NY, startOfWeek: 'monday' } }, after),
    ).toEqual(new Date('2026-03-02T05:00:00Z'));
    expect(await one({ $dateTrunc: { date: '$d', unit: 'month', timezone: NY } }, after)).toEqual(
      new Date('2026-03-01T05:00:00Z'),
    );
    expect(await one({ $dayOfWeek: { date: '$d', timezone: NY } }, after)).toBe(1);
    expect(await one({ $isoDayOfWeek: { date: '$d', timezone: NY } }, after)).toBe(7);
    // https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateAdd/ : day units follow the local calendar
    expect(
      await one(
        { $dateAdd: { startDate: '$d', unit: 'day', amount: 1, timezone: NY } },
        new Date('2026-03-07T17:00:00Z'),
      ),
    ).toEqual(new Date('2026-03-08T16:00:00Z'));
  });

  // US DST ends 2026-11-01 02:00 local: 01:00-02:00 happens twice
  test('America/New_York around the fall-back of 2026-11-01', async () => {
    const first = new Date('2026-11-01T05:30:00Z');
    const second = new Date('2026-11-01T06:30:00Z');
    expect(await one({ $hour: { date: '$d', timezone: NY } }, first)).toBe(1);
    expect(await one({ $hour: { date: '$d', timezone: NY } }, second)).toBe(1);
    expect(await one({ $dateToString: { date: '$d', timezone: NY, format: '%H:%M %z' } }, first)).toBe(
      '01:30 -0400',
    );
    expect(await one({ $dateToString: { date: '$d', timezone: NY, format: '%H:%M %z' } }, second)).toBe(
      '01:30 -0500',
    );
    expect(await one({ $dateTrunc: { date: '$d', unit: 'hour', timezone: NY } }, first)).toEqual(
      new Date('2026-11-01T05:00:00Z'),
    );
    expect(await one({ $dateTrunc: { date: '$d', unit: 'hour', timezone: NY } }, second)).toEqual(
      new Date('2026-11-01T06:00:00Z'),
    );
    expect(await one({ $dateToParts: { date: '$d', timezone: NY } }, second)).toEqual({
      year: 2026,
      month: 11,
      day: 1,
      hour: 1,
      minute: 30,
      second: 0,
      millisecond: 0,
    });
    expect(
      await one({ $dateFromString: { dateString: '2026-11-01T12:00:00', timezone: NY } }, second),
    ).toEqual(new Date('2026-11-01T17:00:00Z'));
    expect(
      await one({ $dateFromString: { dateString: '2026-07-01T12:00:00', timezone: NY } }, second),
    ).toEqual(new Date('2026-07-01T16:00:00Z'));
  });

  // https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateDiff/ , dateFromString/ , dateToParts/
  test('$dateDiff counts local days across DST; $dateFromString formats; ISO $dateToParts', async () => {
    const start = new Date('2026-03-07T17:00:00Z'); // 12:00 EST
    const diff = (unit: string) => ({
      $dateDiff: { startDate: '$d', endDate: new Date('2026-03-08T16:00:00Z'), unit, timezone: NY },
    });
    expect(await one(diff('day'), start)).toBe(1);
    expect(await one(diff('hour'), start)).toBe(23);
    const parsed = { $dateFromString: { dateString: '08/03/2026 14:05 +0100', format: '%d/%m/%Y %H:%M %z' } };
    expect(await one(parsed, start)).toEqual(new Date('2026-03-08T13:05:00Z'));
    const bad = { $dateFromString: { dateString: 'not a date', onError: 'fallback' } };
    expect(await one(bad, start)).toBe('fallback');
    expect(
      await one({ $dateToParts: { date: '$d', iso8601: true } }, new Date('2027-01-01T00:00:00Z')),
    ).toEqual({
      isoWeekYear: 2026,
      isoWeek: 53,
      isoDayOfWeek: 5,
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
    });
  });

  // EU DST starts 2026-03-29 01:00 UTC (CET +01:00 → CEST +02:00)
  test('Europe/Berlin around 2026-03-29', async () => {
    const fmt = { $dateToString: { date: '$d', timezone: 'Europe/Berlin', format: '%H:%M %z' } };
    expect(await one(fmt, new Date('2026-03-29T00:30:00Z'))).toBe('01:30 +0100');
    expect(await one(fmt, new Date('2026-03-29T01:30:00Z'))).toBe('03:30 +0200');
    expect(
      await one(
        { $dateFromParts: { year: 2026, month: 7, day: 1, hour: 12, timezone: 'Europe/Berlin' } },
        new Date(),
      ),
    ).toEqual(new Date('2026-07-01T10:00:00Z'));
  });

  test('Asia/Kolkata, +05:30 offsets, UTC and GMT', async () => {
    const d = new Date('2026-01-01T20:00:00Z');
    const fmt = (tz: string) => ({ $dateToString: { date: '$d', timezone: tz, format: '%Y-%m-%d %H:%M' } });
    expect(await one(fmt('Asia/Kolkata'), d)).toBe('2026-01-02 01:30');
    expect(await one(fmt('+05:30'), d)).toBe('2026-01-02 01:30');
    expect(await one(fmt('-0330'), d)).toBe('2026-01-01 16:30');
    expect(await one(fmt('UTC'), d)).toBe('2026-01-01 20:00');
    expect(await one(fmt('GMT'), d)).toBe('2026-01-01 20:00');
    expect(await one({ $dayOfMonth: { date: '$d', timezone: 'Asia/Kolkata' } }, d)).toBe(2);
    expect(await one({ $dateTrunc: { date: '$d', unit: 'day', timezone: 'Asia/Kolkata' } }, d)).toEqual(
      new Date('2026-01-01T18:30:00Z'),
    );
    expect(await one({ $hour: { date: '$d', timezone: 'America/Argentina/Buenos_Aires' } }, d)).toBe(17);
  });

  test('$dateToString defaults to ISO format in UTC; an unknown zone answers 40485', async () => {
    const d = new Date('2026-05-04T03:02:01.005Z');
    expect(await one({ $dateToString: { date: '$d' } }, d)).toBe('2026-05-04T03:02:01.005Z');
    expect(await one({ $week: '$d' }, d)).toBe(18);
    expect(await one({ $isoWeek: '$d' }, d)).toBe(19);
    const err = await serverError(() => one({ $hour: { date: '$d', timezone: 'Mars/Olympus' } }, d));
    expect(err.code).toBe(40485);
  });
});
