import {
  monthStart,
  QUARTERS_PER_DAY,
  quarterOfDayMinutes,
  slotStart,
  type TFormStatsMonthRecord,
} from '@formwell/db';

import { offsetMinutes } from './time-zone.js';

const DAY_MS = 86_400_000;
const DAY_MINUTES = 1440;

const constantOffsets = new Map<string, number | null>();

/** The zone's offset throughout a UTC month (`YYYY-MM`), or null when it changes within the month. */
export function constantOffset(month: string, timeZone: string): number | null {
  const key = `${timeZone} ${month}`;
  if (constantOffsets.has(key)) {
    return constantOffsets.get(key) ?? null;
  }
  if (constantOffsets.size > 50_000) {
    constantOffsets.clear();
  }
  const offset = scanOffset(month, timeZone);
  constantOffsets.set(key, offset);

  return offset;
}

function scanOffset(month: string, timeZone: string): number | null {
  const start = monthStart(month);
  const next = new Date(start);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const offset = offsetMinutes(timeZone, start);
  // Offsets change at most a few times a year and never back within a day: daily samples suffice.
  for (let t = start + DAY_MS; t <= next.getTime(); t += DAY_MS) {
    if (offsetMinutes(timeZone, Math.min(t, next.getTime() - 1)) !== offset) {
      return null;
    }
  }

  return offset;
}

const QUARTER_MS = 900_000;

/** The offset over [start, start + length), or null when it changes within. */
function steadyOffset(timeZone: string, start: number, length: number): number | null {
  const first = offsetMinutes(timeZone, start);

  return first === offsetMinutes(timeZone, start + length - QUARTER_MS) ? first : null;
}

function localHour(utcMinutes: number, offset: number): number {
  return Math.floor(((((utcMinutes + offset) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES) / 60);
}

/** The UTC months from `from` to `to` (`YYYY-MM`, inclusive) in which the zone changes its offset. */
export function offsetChangingMonths(from: string, to: string, timeZone: string): string[] {
  const months: string[] = [];
  const cursor = new Date(`${from}-01T00:00:00.000Z`);
  for (let month = from; month <= to; month = cursor.toISOString().slice(0, 7)) {
    if (constantOffset(month, timeZone) === null) {
      months.push(month);
    }
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }

  return months;
}

/**
 * Most frequent local hour of day in `timeZone` over all submissions, ties to the lowest hour, 0
 * with no data. Each submission counts at the offset its zone had when it arrived: a month with a
 * constant offset shifts its 96 quarter-of-day totals, a month with a DST change is read quarter
 * by quarter, so `months` must carry the `days` of those months.
 */
export function peakHour({
  months,
  timeZone,
}: {
  months: readonly TFormStatsMonthRecord[];
  timeZone: string;
}): number {
  const hours = Array.from({ length: 24 }, () => 0);
  const add = (hour: number, count: number) => {
    hours[hour] = (hours[hour] ?? 0) + count;
  };
  for (const { month, days, quarterOfDay } of months) {
    const offset = constantOffset(month, timeZone);
    if (offset !== null) {
      for (const [key, count] of Object.entries(quarterOfDay)) {
        add(localHour(quarterOfDayMinutes(key), offset), count);
      }
      continue;
    }
    const start = monthStart(month);
    days.forEach((counts, day) => {
      // A zone changes its offset at most once a day: one look-up for every other day.
      const steady = steadyOffset(timeZone, slotStart(start, day, 0), DAY_MS);
      for (let slot = 0; slot < QUARTERS_PER_DAY; slot++) {
        const count = counts[slot] ?? 0;
        if (count !== 0) {
          const offset = steady ?? offsetMinutes(timeZone, slotStart(start, day, slot));
          add(localHour(slot * 15, offset), count);
        }
      }
    });
  }
  let best = 0;
  hours.forEach((count, hour) => {
    if (count > (hours[best] ?? 0)) {
      best = hour;
    }
  });

  return best;
}
