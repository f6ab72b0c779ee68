import { MongoCommandError, show } from '../errors.js';
import { fromLocal, localParts, resolveZone } from './timezone.js';
import { toDate } from './date-operators.js';

type Args = Record<string, unknown>;
const DAY = 86_400_000;
const SMALL_UNITS: Record<string, number> = { millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000 };
const MONTH_UNITS: Record<string, number> = { month: 1, quarter: 3, year: 12 };
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function unitOf(args: Args, op: string): string {
  const unit = args.unit;
  if (
    typeof unit !== 'string' ||
    !(unit in SMALL_UNITS || unit in MONTH_UNITS || unit === 'day' || unit === 'week')
  ) {
    throw new MongoCommandError(
      5439014,
      'Location5439014',
      `${op} requires 'unit' to be a valid time unit, got ${String(unit)}`,
    );
  }
  return unit;
}

function weekStart(v: unknown): number {
  if (v === undefined || v === null) return 0;
  const i = WEEKDAYS.findIndex((d) => d.startsWith(show(v).toLowerCase().slice(0, 3)));
  if (i < 0) throw new MongoCommandError(5439015, 'Location5439015', `unknown startOfWeek: ${show(v)}`);
  return i;
}

/** Days since 2000-01-01 of a local calendar date (the reference MongoDB bins from). */
const localDayNumber = (y: number, m: number, d: number) =>
  (Date.UTC(y, m - 1, d) - Date.UTC(2000, 0, 1)) / DAY;

/** `$dateTrunc` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateTrunc/). */
export function dateTrunc(args: Args): unknown {
  const date = toDate(args.date, '$dateTrunc');
  if (date === null) return null;
  const unit = unitOf(args, '$dateTrunc');
  const bin = args.binSize === undefined ? 1 : Number(args.binSize);
  const zone = resolveZone(args.timezone);
  const p = localParts(date, zone);
  const small = SMALL_UNITS[unit];
  if (small !== undefined) {
    // Truncate the wall clock, then shift back by the offset in force at the instant (keeps the
    // repeated hour of a DST fall-back distinct).
    const local = date.getTime() + p.offset * 60000;
    const ref = Date.UTC(2000, 0, 1);
    const size = small * bin;
    return new Date(ref + Math.floor((local - ref) / size) * size - p.offset * 60000);
  }
  const months = MONTH_UNITS[unit];
  if (months !== undefined) {
    const total = (p.year - 2000) * 12 + (p.month - 1);
    const size = months * bin;
    return fromLocal(zone, 2000, 1 + Math.floor(total / size) * size, 1);
  }
  const dayNo = localDayNumber(p.year, p.month, p.day);
  if (unit === 'day') return fromLocal(zone, 2000, 1, 1 + Math.floor(dayNo / bin) * bin);
  // 2000-01-01 was a Saturday (6); the first week starts on the first startOfWeek day on or after it.
  const first = (weekStart(args.startOfWeek) - 6 + 7) % 7;
  const size = 7 * bin;
  return fromLocal(zone, 2000, 1, 1 + first + Math.floor((dayNo - first) / size) * size);
}

/** `$dateAdd` / `$dateSubtract`: calendar units move the wall clock in `timezone`, clamping month ends. */
export function dateAdd(args: Args, sign: number, op: string): unknown {
  const date = toDate(args.startDate, op);
  if (date === null || args.amount === null || args.amount === undefined) return null;
  const unit = unitOf(args, op);
  const amount = Number(args.amount) * sign;
  const small = SMALL_UNITS[unit];
  if (small !== undefined) return new Date(date.getTime() + amount * small);
  const zone = resolveZone(args.timezone);
  const p = localParts(date, zone);
  const months = MONTH_UNITS[unit];
  if (months !== undefined) {
    const total = p.year * 12 + (p.month - 1) + amount * months;
    const y = Math.floor(total / 12);
    const m = total - y * 12 + 1;
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return fromLocal(zone, y, m, Math.min(p.day, lastDay), p.hour, p.minute, p.second, p.ms);
  }
  const days = unit === 'week' ? amount * 7 : amount;
  return fromLocal(zone, p.year, p.month, p.day + days, p.hour, p.minute, p.second, p.ms);
}

/** `$dateDiff`: number of unit boundaries crossed between the two dates, in `timezone` for calendar units. */
export function dateDiff(args: Args): unknown {
  const start = toDate(args.startDate, '$dateDiff');
  const end = toDate(args.endDate, '$dateDiff');
  if (start === null || end === null) return null;
  const unit = unitOf(args, '$dateDiff');
  const small = SMALL_UNITS[unit];
  if (small !== undefined) return Math.floor(end.getTime() / small) - Math.floor(start.getTime() / small);
  const zone = resolveZone(args.timezone);
  const a = localParts(start, zone);
  const b = localParts(end, zone);
  const months = MONTH_UNITS[unit];
  if (months !== undefined) {
    const ma = a.year * 12 + a.month - 1;
    const mb = b.year * 12 + b.month - 1;
    return Math.floor(mb / months) - Math.floor(ma / months);
  }
  const da = localDayNumber(a.year, a.month, a.day);
  const db = localDayNumber(b.year, b.month, b.day);
  if (unit === 'day') return db - da;
  const first = (weekStart(args.startOfWeek) - 6 + 7) % 7;
  return Math.floor((db - first) / 7) - Math.floor((da - first) / 7);
}
