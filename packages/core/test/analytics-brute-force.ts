import type { TTimeRange } from '../src/analytics/analytics-types.js';

/**
 * A brute-force computation of every analytics field over raw submissions, using nothing of the
 * implementation: wall clocks come straight from Intl.DateTimeFormat, windows are plain comparisons
 * of instants. The rolling windows end with the quarter hour in progress, as the rule says.
 */
export type TRaw = { at: number; browser: string; country: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const QUARTER = 900_000;

export function wall(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );

  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

function roundTo(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

function rows(raws: TRaw[], key: 'browser' | 'country') {
  const counts = new Map<string, number>();
  raws.forEach((raw) => counts.set(raw[key], (counts.get(raw[key]) ?? 0) + 1));

  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name, count]) => ({ name, count, percentage: roundTo(count / raws.length, 4) }));
}

export function previousDate(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);

  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

export function bruteForce(
  raws: TRaw[],
  now: number,
  createdAt: number,
  timeRange: TTimeRange,
  timeZone: string,
) {
  const end = Math.floor(now / QUARTER) * QUARTER + QUARTER;
  const inWindow = (from: number, to: number) => raws.filter((r) => r.at >= from && r.at < to).length;
  let series: { time: string; submissions: number }[];
  if (timeRange === 'day') {
    const clock = wall(now, timeZone);
    const hourStart = now - clock.minute * 60_000 - (now % 60_000);
    series = Array.from({ length: 24 }, (_, i) => {
      const start = hourStart - (23 - i) * HOUR;
      const label = `${String(wall(start, timeZone).hour).padStart(2, '0')}:00`;

      return { time: label, submissions: inWindow(start, start + HOUR) };
    });
  } else {
    const days = timeRange === 'week' ? 7 : 30;
    const today = wall(now, timeZone).date;
    series = Array.from({ length: days }, (_, i) => {
      const date = previousDate(today, days - 1 - i);

      return { time: date, submissions: raws.filter((r) => wall(r.at, timeZone).date === date).length };
    });
  }
  const hours = Array.from({ length: 24 }, () => 0);
  raws.forEach((r) => (hours[wall(r.at, timeZone).hour] = (hours[wall(r.at, timeZone).hour] ?? 0) + 1));
  const peak = hours.indexOf(Math.max(...hours));
  const last = inWindow(end - 7 * DAY, end);
  const previous = inWindow(end - 14 * DAY, end - 7 * DAY);

  return {
    totalSubmissions: raws.length,
    dailySubmissionRate: roundTo(raws.length / Math.max(1, (now - createdAt) / DAY), 2),
    last24HoursSubmissions: inWindow(end - DAY, end),
    series,
    timeRange,
    weekOverWeekGrowth: previous === 0 ? (last > 0 ? 1 : 0) : roundTo((last - previous) / previous, 2),
    peakSubmissionHour: peak,
    browserStats: rows(raws, 'browser'),
    locationStats: rows(raws, 'country'),
  };
}
