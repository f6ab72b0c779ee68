import type { TTimeRange, TTimeSeriesPoint } from './analytics-types.js';
import type { QuarterCounts } from './quarter-counts.js';
import { formatDate, startOfLocalDay, wallClock } from './time-zone.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** 24 points, one per real hour: a 25-hour DST day shows its repeated local hour twice. */
function hourly(counts: QuarterCounts, now: number, timeZone: string): TTimeSeriesPoint[] {
  const clock = wallClock(now, timeZone);
  // The current local hour started this long ago; in a :30 or :45 zone that is not a UTC hour.
  const currentHour = now - clock.getMinutes() * MINUTE_MS - (now % MINUTE_MS);

  return Array.from({ length: 24 }, (_, i) => {
    const start = currentHour - (23 - i) * HOUR_MS;

    return {
      time: `${String(wallClock(start, timeZone).getHours()).padStart(2, '0')}:00`,
      submissions: counts.sum(start, start + HOUR_MS),
      start: new Date(start).toISOString(),
    };
  });
}

/** `days` local calendar days ending today; each runs from its local midnight to the next one. */
function daily(counts: QuarterCounts, now: number, timeZone: string, days: number): TTimeSeriesPoint[] {
  const today = wallClock(now, timeZone);

  return Array.from({ length: days }, (_, i) => {
    // Date.UTC normalises day underflow into the previous month or year.
    const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1 - i)));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    const start = startOfLocalDay(year, month, day, timeZone);
    const end = startOfLocalDay(year, month, day + 1, timeZone);

    return {
      time: formatDate(year, month, day),
      submissions: counts.sum(start, end),
      start: new Date(start).toISOString(),
    };
  });
}

/**
 * `timeSeriesData`, oldest first, the last point being the current period, in `timeZone`:
 * `day` = 24 hourly points `HH:00`, `week` = 7 and `month` = 30 daily points `YYYY-MM-DD`.
 * Each point also carries `start`, the ISO instant its bucket starts.
 */
export function buildTimeSeries({
  counts,
  now,
  timeRange,
  timeZone,
}: {
  counts: QuarterCounts;
  now: number;
  timeRange: TTimeRange;
  timeZone: string;
}): TTimeSeriesPoint[] {
  if (timeRange === 'day') {
    return hourly(counts, now, timeZone);
  }

  return daily(counts, now, timeZone, timeRange === 'week' ? 7 : 30);
}
