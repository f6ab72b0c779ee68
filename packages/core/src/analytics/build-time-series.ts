import type { TTimeRange, TTimeSeriesPoint } from './analytics-types.js';
import { floorHour, hourKey, hourKeyStart } from './hour-buckets.js';
import { minusDays, startOfZonedDay, zonedParts } from './zoned.js';

const HOUR_MS = 3_600_000;

function hourly(hours: Record<string, number>, now: Date, timeZone: string): TTimeSeriesPoint[] {
  const current = floorHour(now).getTime();

  return Array.from({ length: 24 }, (_, i) => {
    const start = new Date(current - (23 - i) * HOUR_MS);
    const { hour, minute } = zonedParts(start, timeZone);

    return {
      time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      submissions: hours[hourKey(start)] ?? 0,
      start: start.toISOString(),
    };
  });
}

function daily(hours: Record<string, number>, now: Date, timeZone: string, days: number): TTimeSeriesPoint[] {
  const today = zonedParts(now, timeZone).date;
  const dates = Array.from({ length: days }, (_, i) => minusDays(today, days - 1 - i));
  const counts = new Map(dates.map((date) => [date, 0]));
  const earliest = startOfZonedDay(dates[0] ?? today, timeZone).getTime() - HOUR_MS;
  for (const [key, value] of Object.entries(hours)) {
    const start = hourKeyStart(key);
    if (start.getTime() < earliest || start > now) {
      continue;
    }
    const date = zonedParts(start, timeZone).date;
    const current = counts.get(date);
    if (current !== undefined) {
      counts.set(date, current + value);
    }
  }

  return dates.map((date) => ({
    time: date,
    submissions: counts.get(date) ?? 0,
    start: startOfZonedDay(date, timeZone).toISOString(),
  }));
}

/**
 * `timeSeriesData` of decisions §9, oldest first, the last point being the current period:
 * `day` = 24 hourly points `HH:00`, `week` = 7 and `month` = 30 daily points `YYYY-MM-DD`, in `timeZone`.
 */
export function buildTimeSeries({
  hours,
  now,
  timeRange,
  timeZone,
}: {
  hours: Record<string, number>;
  now: Date;
  timeRange: TTimeRange;
  timeZone: string;
}): TTimeSeriesPoint[] {
  if (timeRange === 'day') {
    return hourly(hours, now, timeZone);
  }

  return daily(hours, now, timeZone, timeRange === 'week' ? 7 : 30);
}
