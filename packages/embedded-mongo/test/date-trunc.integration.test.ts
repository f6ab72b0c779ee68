import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Decimal128, Long, ObjectId, Timestamp, type Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateTrunc/ and the cases of
// mongod's jstests/aggregation/expressions/date_trunc.js (expectations from there, not from us).
let t: TestEngine;
const when = new Date('2020-11-01T18:23:36Z');
const args = { date: '$date', unit: '$unit', binSize: '$binSize', timezone: '$tz' };
const fromFields = { $dateTrunc: args };
const withWeek = { $dateTrunc: { ...args, startOfWeek: '$sow' } };

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

/** `expr` evaluated over one document holding `fields`. */
async function truncate(fields: Document, expr: unknown = fromFields): Promise<unknown> {
  const coll = t.db('trunc').collection('one');
  await coll.deleteMany({});
  await coll.insertOne(fields);
  const [doc] = await coll.aggregate([{ $project: { _id: 0, out: expr } }]).toArray();
  return doc?.out;
}

describe('$dateTrunc', () => {
  test('results, binSize of every numeric type, and null or missing arguments', async () => {
    expect(await truncate({}, { $dateTrunc: { date: when, unit: 'hour', binSize: 2 } })).toEqual(
      new Date('2020-11-01T18:00:00Z'),
    );
    const ny = 'America/New_York';
    expect(
      await truncate(
        { date: new Date('2021-12-01T18:23:36Z'), unit: 'hour', binSize: 4, tz: ny, sow: 'IGNORED' },
        withWeek,
      ),
    ).toEqual(new Date('2021-12-01T17:00:00Z'));
    expect(
      await truncate(
        { date: new Date('2000-01-30T18:00:00Z'), unit: 'week', binSize: 2, tz: ny, sow: 'mon' },
        withWeek,
      ),
    ).toEqual(new Date('2000-01-17T05:00:00Z'));
    expect(
      await truncate(
        {},
        { $dateTrunc: { date: new ObjectId('507c7f79bcf86cd7994f6c0e'), unit: 'minute', binSize: 10 } },
      ),
    ).toEqual(new Date('2012-10-15T21:20:00Z'));
    expect(
      await truncate(
        {},
        { $dateTrunc: { date: new Timestamp({ t: 1350336377, i: 0 }), unit: 'second', binSize: 10 } },
      ),
    ).toEqual(new Date('2012-10-15T21:26:10Z'));
    const at = new Date('2020-01-30T18:59:00.003Z');
    expect(
      await truncate({ date: at, unit: 'minute', binSize: Decimal128.fromString('15'), tz: 'UTC' }),
    ).toEqual(new Date('2020-01-30T18:45:00Z'));
    expect(await truncate({ date: at, unit: 'day', binSize: Long.fromNumber(1), tz: 'UTC' })).toEqual(
      new Date('2020-01-30T00:00:00Z'),
    );
    // A bad startOfWeek is ignored unless the unit is week.
    expect(await truncate({ date: at, unit: 'year', binSize: 1, tz: 'GMT', sow: 1 }, withWeek)).toEqual(
      new Date('2020-01-01T00:00:00Z'),
    );
    for (const [fields, expr] of [
      [{ unit: 'H', binSize: 'string', tz: 1 }, fromFields],
      [{ date: null, unit: 'hour', binSize: 1, tz: 'UTC' }, fromFields],
      [{ date: when, unit: null, binSize: 1, tz: 'UTC' }, fromFields],
      [{ date: 'Invalid', binSize: 'Invalid', tz: 'Invalid' }, fromFields],
      [{ date: when, unit: 'hour', binSize: null, tz: 'UTC' }, fromFields],
      [{ date: 'Invalid', unit: 'invalid', tz: 'Invalid' }, fromFields],
      [{ date: when, unit: 'hour', binSize: 1, tz: null }, fromFields],
      [{ date: 1, unit: 'century', binSize: '1' }, fromFields],
      [{ date: when, unit: 'week', sow: null }, withWeek],
      [{ date: 1, unit: 'week', binSize: '', tz: 1 }, withWeek],
    ] as const) {
      expect([fields, await truncate(fields, expr)]).toEqual([fields, null]);
    }
  });

  test('bad arguments answer the codes mongod answers', async () => {
    const cases: [Document, number][] = [
      [{ date: 'string', unit: 'hour', binSize: 1, tz: 'UTC' }, 5439012],
      [{ date: when, unit: 1, binSize: 1, tz: 'UTC' }, 5439013],
      [{ date: when, unit: 'century', binSize: 1, tz: 'UTC' }, 5439014],
      [{ date: when, unit: 'hour', binSize: 'Number', tz: 'UTC' }, 5439017],
      [{ date: when, unit: 'hour', binSize: 2.5, tz: 'UTC' }, 5439017],
      [{ date: when, unit: 'hour', binSize: 0, tz: 'UTC' }, 5439018],
      [{ date: when, unit: 'hour', binSize: 1, tz: 1 }, 40517],
      [{ date: when, unit: 'hour', binSize: 1, tz: 'America/Invalid' }, 40485],
      [{ date: when, unit: 'week', binSize: 1, tz: 'GMT', sow: 1 }, 5439015],
      [{ date: when, unit: 'week', binSize: 1, tz: 'GMT', sow: 'FRIDIE' }, 5439016],
    ];
    for (const [fields, code] of cases) {
      const error = await serverError(() => truncate(fields, withWeek));
      expect([fields, error.code]).toEqual([fields, code]);
    }
    const shapes: [unknown, number][] = [
      ['A', 5439007],
      [{ endDate: 1 }, 5439008],
      [{ unit: 'week' }, 5439009],
      [{ date: when }, 5439010],
    ];
    for (const [spec, code] of shapes) {
      const error = await serverError(() => truncate({ date: when }, { $dateTrunc: spec }));
      expect([spec, error.code]).toEqual([spec, code]);
    }
  });
});
