import { emptyDays, statsBucketOf, type TFormStatsRecord } from '@formwell/db';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import type { TTimeRange } from './analytics-types.js';
import { bruteForce, previousDate, wall, type TRaw } from '../../test/analytics-brute-force.js';
import { computeAnalytics } from './compute-analytics.js';

/** Every field against a brute-force computation over the raw submissions (test/analytics-brute-force.ts). */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu'] as const;
const RANGES: TTimeRange[] = ['day', 'week', 'month'];
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Unknown'];
const COUNTRIES = ['United States', 'Germany', 'India', 'Nepal', 'Unknown'];

/** The counters the submit path writes (same bucketing as FormStatsMonth). */
function countersOf(raws: TRaw[]): TFormStatsRecord {
  const stats: TFormStatsRecord = { formId: 'f', total: 0, browsers: {}, countries: {}, months: [] };
  const months = new Map<string, TFormStatsRecord['months'][number]>();
  for (const { at, browser, country } of raws) {
    const bucket = statsBucketOf(new Date(at));
    stats.total += 1;
    stats.browsers[browser] = (stats.browsers[browser] ?? 0) + 1;
    stats.countries[country] = (stats.countries[country] ?? 0) + 1;
    const month = months.get(bucket.month) ?? {
      month: bucket.month,
      days: emptyDays(bucket.month),
      quarterOfDay: {},
    };
    months.set(bucket.month, month);
    const day = month.days[bucket.day] ?? [];
    day[bucket.slot] = (day[bucket.slot] ?? 0) + 1;
    month.quarterOfDay[bucket.quarterOfDay] = (month.quarterOfDay[bucket.quarterOfDay] ?? 0) + 1;
  }
  stats.months = [...months.values()].sort((a, b) => a.month.localeCompare(b.month));

  return stats;
}

function check(raws: TRaw[], now: number, createdAt: number, timeRange: TTimeRange, timeZone: string) {
  const actual = computeAnalytics({
    stats: raws.length === 0 ? null : countersOf(raws),
    formCreatedAt: new Date(createdAt),
    plan: 'PRO',
    level: 'pro',
    timeRange,
    timeZone,
    now,
  });
  const { series, ...expected } = bruteForce(raws, now, createdAt, timeRange, timeZone);
  const { timeSeriesData, ...fields } = actual;

  expect(fields).toEqual({ ...expected, plan: 'PRO' });
  expect(timeSeriesData.map(({ time, submissions }) => ({ time, submissions }))).toEqual(series);
  for (const point of timeSeriesData) {
    const start = Date.parse(point.start);
    // `start` is the first instant of the bucket: in it, and the instant before is not.
    if (timeRange === 'day') {
      expect(`${String(wall(start, timeZone).hour).padStart(2, '0')}:00`).toBe(point.time);
      expect(wall(start, timeZone).minute).toBe(0);
    } else {
      expect(wall(start, timeZone).date).toBe(point.time);
      expect(wall(start - 1, timeZone).date).toBe(previousDate(point.time, 1));
    }
  }
}

// 2026: US DST starts 8 March 07:00 UTC and ends 1 November 06:00 UTC.
const SPAN_START = Date.parse('2026-01-01T00:00:00Z');
const SPAN_END = Date.parse('2026-12-31T00:00:00Z');

const rawArb = (now: number, spanDays: number) =>
  fc.record({
    at: fc.integer({ min: now - spanDays * DAY, max: now }),
    browser: fc.constantFrom(...BROWSERS),
    country: fc.constantFrom(...COUNTRIES),
  });

describe('computeAnalytics equals a brute force over the raw submissions', () => {
  for (const timeZone of ZONES) {
    for (const timeRange of RANGES) {
      test(`${timeZone}, ${timeRange}: random submissions over months`, () => {
        fc.assert(
          fc.property(
            fc
              .integer({ min: SPAN_START, max: SPAN_END })
              .chain((now) =>
                fc.tuple(
                  fc.constant(now),
                  fc.array(rawArb(now, 100), { maxLength: 300 }),
                  fc.integer({ min: 0, max: 200 * DAY }),
                ),
              ),
            ([now, raws, age]) => check(raws, now, now - age, timeRange, timeZone),
          ),
          { numRuns: 40 },
        );
      });
    }
  }

  // The days the clocks change, inside the series and the windows, with dense data around them.
  const dstNows = [
    '2026-03-08T12:00:00Z',
    '2026-03-09T03:30:00Z',
    '2026-03-15T00:00:00Z',
    '2026-11-01T12:00:00Z',
    '2026-11-02T04:59:00Z',
    '2026-11-07T23:45:00Z',
  ];
  for (const iso of dstNows) {
    for (const timeRange of RANGES) {
      test(`America/New_York across a DST change, now ${iso}, ${timeRange}`, () => {
        const now = Date.parse(iso);
        fc.assert(
          fc.property(fc.array(rawArb(now, 10), { minLength: 1, maxLength: 400 }), (raws) =>
            check(raws, now, now - 40 * DAY, timeRange, 'America/New_York'),
          ),
          { numRuns: 15 },
        );
      });
    }
  }

  test('the 23- and 25-hour days of New York are single points with all their submissions', () => {
    const hourly = (from: string, hours: number) =>
      Array.from({ length: hours }, (_, i) => ({
        at: Date.parse(from) + i * HOUR + 60_000,
        browser: 'Chrome',
        country: 'Unknown',
      }));
    const spring = computeAnalytics({
      stats: countersOf(hourly('2026-03-08T05:00:00Z', 23)),
      formCreatedAt: new Date('2026-01-01'),
      plan: 'PRO',
      level: 'pro',
      timeRange: 'week',
      timeZone: 'America/New_York',
      now: Date.parse('2026-03-09T12:00:00Z'),
    });
    const autumn = computeAnalytics({
      stats: countersOf(hourly('2026-11-01T04:00:00Z', 25)),
      formCreatedAt: new Date('2026-01-01'),
      plan: 'PRO',
      level: 'pro',
      timeRange: 'week',
      timeZone: 'America/New_York',
      now: Date.parse('2026-11-02T12:00:00Z'),
    });

    expect(spring.timeSeriesData.slice(-2)).toEqual([
      { time: '2026-03-08', submissions: 23, start: '2026-03-08T05:00:00.000Z' },
      { time: '2026-03-09', submissions: 0, start: '2026-03-09T04:00:00.000Z' },
    ]);
    expect(autumn.timeSeriesData.slice(-2)).toEqual([
      { time: '2026-11-01', submissions: 25, start: '2026-11-01T04:00:00.000Z' },
      { time: '2026-11-02', submissions: 0, start: '2026-11-02T05:00:00.000Z' },
    ]);
  });

  test('Kathmandu days start at 18:15 UTC and Kolkata hours at :30 UTC', () => {
    const now = Date.parse('2026-06-10T18:20:00Z'); // 00:05 on 11 June in Kathmandu
    const raws = [
      { at: Date.parse('2026-06-10T18:14:59Z'), browser: 'Chrome', country: 'Nepal' },
      { at: Date.parse('2026-06-10T18:15:00Z'), browser: 'Chrome', country: 'Nepal' },
    ];
    const week = (timeZone: string, timeRange: TTimeRange) =>
      computeAnalytics({
        stats: countersOf(raws),
        formCreatedAt: new Date('2026-01-01'),
        plan: 'STANDARD',
        level: 'base',
        timeRange,
        timeZone,
        now,
      }).timeSeriesData.slice(-2);

    expect(week('Asia/Kathmandu', 'week')).toEqual([
      { time: '2026-06-10', submissions: 1, start: '2026-06-09T18:15:00.000Z' },
      { time: '2026-06-11', submissions: 1, start: '2026-06-10T18:15:00.000Z' },
    ]);
    // 23:44:59 and 23:45 in Kolkata: one local hour, starting 17:30 UTC.
    expect(week('Asia/Kolkata', 'day')).toEqual([
      { time: '22:00', submissions: 0, start: '2026-06-10T16:30:00.000Z' },
      { time: '23:00', submissions: 2, start: '2026-06-10T17:30:00.000Z' },
    ]);
  });

  test('week over week: previous week 0 gives 1, both 0 give 0, a fall gives a negative fraction', () => {
    const now = Date.parse('2026-06-10T12:00:00Z');
    const growth = (agesInDays: number[]) =>
      computeAnalytics({
        stats:
          agesInDays.length === 0
            ? null
            : countersOf(agesInDays.map((d) => ({ at: now - d * DAY, browser: 'x', country: 'y' }))),
        formCreatedAt: new Date('2026-01-01'),
        plan: 'PRO',
        level: 'pro',
        timeRange: 'week',
        timeZone: 'UTC',
        now,
      }).weekOverWeekGrowth;

    expect(growth([])).toBe(0);
    expect(growth([30])).toBe(0);
    expect(growth([1, 2])).toBe(1);
    expect(growth([1, 8, 9, 10])).toBe(-0.67);
    expect(growth([1, 2, 3, 8, 9])).toBe(0.5);
  });

  test('peak hour: ties go to the lowest hour, no data gives 0, and STANDARD gets no PRO field', () => {
    const now = Date.parse('2026-06-10T12:00:00Z');
    const at = (iso: string) => ({ at: Date.parse(iso), browser: 'x', country: 'y' });
    const run = (raws: TRaw[], timeZone: string, level: 'base' | 'pro' = 'pro') =>
      computeAnalytics({
        stats: raws.length === 0 ? null : countersOf(raws),
        formCreatedAt: new Date('2026-01-01'),
        plan: level === 'pro' ? 'PRO' : 'STANDARD',
        level,
        timeRange: 'week',
        timeZone,
        now,
      });

    expect(run([], 'UTC').peakSubmissionHour).toBe(0);
    expect(run([at('2026-06-01T17:00:00Z'), at('2026-06-02T05:00:00Z')], 'UTC').peakSubmissionHour).toBe(5);
    // 17:00 UTC is 22:45 in Kathmandu, 05:00 UTC is 10:45: the tie goes to 10.
    expect(
      run([at('2026-06-01T17:00:00Z'), at('2026-06-02T05:00:00Z')], 'Asia/Kathmandu').peakSubmissionHour,
    ).toBe(10);
    expect(Object.keys(run([at('2026-06-01T17:00:00Z')], 'UTC', 'base')).sort()).toEqual([
      'dailySubmissionRate',
      'last24HoursSubmissions',
      'plan',
      'timeRange',
      'timeSeriesData',
      'totalSubmissions',
    ]);
  });
});
