import { describe, expect, test } from 'vitest';

import { buildTimeSeries } from './build-time-series.js';
import { sumHours } from './hour-buckets.js';
import { peakHour } from './peak-hour.js';
import { round } from './round.js';
import { statRows } from './stat-rows.js';
import { isValidTimeZone, startOfZonedDay, zonedParts } from './zoned.js';

const now = new Date('2026-11-21T06:40:00.000Z');
const hours = {
  '2026-11-21T06': 2,
  '2026-11-21T05': 1,
  '2026-11-20T07': 4,
  '2026-11-20T06': 8,
  '2026-11-15T12': 3,
  '2026-11-14T23': 5,
  '2026-10-01T00': 100,
};

describe('buildTimeSeries', () => {
  test('day: 24 hourly points, oldest first, last = current hour', () => {
    const points = buildTimeSeries({ hours, now, timeRange: 'day', timeZone: 'UTC' });

    expect(points).toHaveLength(24);
    expect(points[23]).toEqual({ time: '06:00', submissions: 2, start: '2026-11-21T06:00:00.000Z' });
    expect(points[22]).toMatchObject({ time: '05:00', submissions: 1 });
    expect(points[0]).toEqual({ time: '07:00', submissions: 4, start: '2026-11-20T07:00:00.000Z' });
    expect(points.reduce((s, p) => s + p.submissions, 0)).toBe(7);
  });

  test('week: 7 daily points labelled YYYY-MM-DD', () => {
    const points = buildTimeSeries({ hours, now, timeRange: 'week', timeZone: 'UTC' });

    expect(points.map((p) => p.time)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(points.map((p) => p.submissions)).toEqual([3, 0, 0, 0, 0, 12, 3]);
    expect(points[0]?.start).toBe('2026-11-15T00:00:00.000Z');
  });

  test('month: 30 points; a time zone moves hours to its own days', () => {
    const utc = buildTimeSeries({ hours, now, timeRange: 'month', timeZone: 'UTC' });
    const berlin = buildTimeSeries({ hours, now, timeRange: 'week', timeZone: 'Europe/Berlin' });

    expect(utc).toHaveLength(30);
    expect(utc.at(-1)?.time).toBe('2026-11-21');
    expect(utc.reduce((s, p) => s + p.submissions, 0)).toBe(23);
    // 2026-11-14T23Z is 00:xx on the 15th in Berlin (UTC+1).
    expect(berlin[0]).toEqual({ time: '2026-11-15', submissions: 8, start: '2026-11-14T23:00:00.000Z' });
  });
});

describe('helpers', () => {
  test('sumHours counts the last n hour buckets including the current one', () => {
    expect(sumHours(hours, now, 24)).toBe(7);
    expect(sumHours(hours, now, 25)).toBe(15);
  });

  test('statRows: count desc, fractions to 4 dp that add up to 1', () => {
    const rows = statRows({ Chrome: 23, Firefox: 10, Unknown: 7, Safari: 0 });

    expect(rows).toEqual([
      { name: 'Chrome', count: 23, percentage: 0.575 },
      { name: 'Firefox', count: 10, percentage: 0.25 },
      { name: 'Unknown', count: 7, percentage: 0.175 },
    ]);
    expect(statRows({})).toEqual([]);
  });

  test('peakHour: ties to the lowest hour, 0 without data, shifted into the zone', () => {
    expect(peakHour({ hourOfDay: {}, timeZone: 'UTC', now })).toBe(0);
    expect(peakHour({ hourOfDay: { '09': 5, '03': 5, '04': 1 }, timeZone: 'UTC', now })).toBe(3);
    expect(peakHour({ hourOfDay: { '09': 5 }, timeZone: 'America/New_York', now })).toBe(4);
  });

  test('zones and rounding', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(zonedParts(now, 'Asia/Kolkata')).toEqual({ date: '2026-11-21', hour: 12, minute: 10 });
    expect(startOfZonedDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(round(0.145, 2)).toBe(0.15);
    expect(round(1 / 3, 4)).toBe(0.3333);
  });
});
