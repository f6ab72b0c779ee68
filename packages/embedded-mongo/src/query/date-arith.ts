import { MongoCommandError, show, locationError } from '../errors.js';
import { fromLocal, localParts, resolveZone } from './timezone.js';
import { Decimal128, Long, ObjectId, Timestamp } from 'bson';
import { toDate } from './date-operators.js';
import { bsonTypeName } from './expression-fixes.js';

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

const DATE_TRUNC_FIELDS = new Set(['date', 'unit', 'binSize', 'timezone', 'startOfWeek']);
const fail = locationError;

/** The shape of a `$dateTrunc` argument, checked before anything is evaluated (mongod's parse errors). */
export function checkDateTruncSpec(expr: unknown): void {
  if (!expr || typeof expr !== 'object' || Array.isArray(expr))
    throw fail(5439007, '$dateTrunc only supports an object as its argument');
  for (const key of Object.keys(expr))
    if (!DATE_TRUNC_FIELDS.has(key)) throw fail(5439008, `Unrecognized argument to $dateTrunc: ${key}`);
  if (!('date' in expr)) throw fail(5439009, "Missing 'date' parameter to $dateTrunc");
  if (!('unit' in expr)) throw fail(5439010, "Missing 'unit' parameter to $dateTrunc");
}

/** `binSize` as a positive whole number: int, long, or a whole-valued double or decimal. */
function binSizeOf(v: unknown): number {
  const n =
    typeof v === 'number'
      ? v
      : v instanceof Long && !(v instanceof Timestamp)
        ? v.toNumber()
        : v instanceof Decimal128
          ? Number(v.toString())
          : NaN;
  if (!Number.isInteger(n))
    throw fail(
      5439017,
      `$dateTrunc requires 'binSize' to be a 64-bit integer, but got value '${show(v)}' of type ${bsonTypeName(v)}`,
    );
  if (n <= 0) throw fail(5439018, `$dateTrunc requires 'binSize' to be greater than 0, but got value ${n}`);
  return n;
}

/** A day of the week as mongod spells it: the full English name or its first three letters, any case. */
function truncWeekStart(v: unknown): number {
  if (typeof v !== 'string')
    throw fail(5439015, `$dateTrunc requires 'startOfWeek' to be a string, but got ${bsonTypeName(v)}`);
  const name = v.toLowerCase();
  const day = WEEKDAYS.findIndex((d) => d === name || d.slice(0, 3) === name);
  if (day < 0)
    throw fail(
      5439016,
      `$dateTrunc parameter 'startOfWeek' value cannot be recognized as a day of a week: ${v}`,
    );
  return day;
}

const isDateLike = (v: unknown) => v instanceof Date || v instanceof Timestamp || v instanceof ObjectId;

/** The `unit` of `$dateTrunc`: a string (5439013) naming a time unit (5439014). */
function truncUnit(unit: unknown): string {
  if (typeof unit !== 'string')
    throw fail(5439013, `$dateTrunc requires 'unit' to be a string, but got ${bsonTypeName(unit)}`);
  if (!(unit in SMALL_UNITS || unit in MONTH_UNITS || unit === 'day' || unit === 'week'))
    throw fail(5439014, `$dateTrunc parameter 'unit' value cannot be recognized as a time unit: ${unit}`);
  return unit;
}

/** A constant argument (no field path, variable or operator) and its value. */
function constantOf(v: unknown): { value: unknown } | undefined {
  if (typeof v === 'string') return v.startsWith('$') ? undefined : { value: v };
  if (v === null || typeof v !== 'object') return { value: v };
  if (Array.isArray(v)) return undefined;
  if (Object.getPrototypeOf(v) !== Object.prototype) return { value: v }; // a BSON value
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === '$literal') return { value: (v as Args).$literal };
  return undefined;
}

/**
 * What mongod checks of a `$dateTrunc` when it parses and optimizes the pipeline, before any
 * document is read (so also over an empty collection): the shape of the argument, and the
 * arguments given as constants (a constant null unit makes the whole expression null). When every
 * argument is a constant, the whole expression is evaluated then, as mongod folds it.
 */
export function checkDateTruncAtParse(expr: unknown): void {
  checkDateTruncSpec(expr);
  const spec = expr as Args;
  const constants: Args = {};
  for (const [key, v] of Object.entries(spec)) {
    const c = constantOf(v);
    if (c) constants[key] = c.value;
  }
  if (Object.keys(constants).length === Object.keys(spec).length) {
    dateTrunc(constants);
    return;
  }
  if ('unit' in constants) {
    if (constants.unit === null || constants.unit === undefined) return;
    const unit = truncUnit(constants.unit);
    if (unit === 'week' && constants.startOfWeek !== undefined && constants.startOfWeek !== null)
      truncWeekStart(constants.startOfWeek);
  }
  if (constants.timezone !== undefined && constants.timezone !== null) resolveZone(constants.timezone);
  if (constants.binSize !== undefined && constants.binSize !== null) binSizeOf(constants.binSize);
}

/**
 * `$dateTrunc` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateTrunc/):
 * null when any given argument is null or missing (checked before any other), then the errors of
 * mongod's date_trunc jstests: date 5439012, unit 5439013/5439014, binSize 5439017/5439018,
 * timezone 40517/40485, startOfWeek (unit week only) 5439015/5439016.
 */
export function dateTrunc(args: Args): unknown {
  const given = ['date', 'unit', 'binSize', 'timezone', ...(args.unit === 'week' ? ['startOfWeek'] : [])];
  if (given.some((key) => key in args && (args[key] === null || args[key] === undefined))) return null;
  const raw = args.date;
  if (!isDateLike(raw))
    throw fail(5439012, `$dateTrunc requires 'date' to be a date, but got ${bsonTypeName(raw)}`);
  const date = toDate(raw, '$dateTrunc');
  if (date === null) return null;
  const unit = truncUnit(args.unit);
  const bin = 'binSize' in args ? binSizeOf(args.binSize) : 1;
  const zone = resolveZone(args.timezone);
  const startOfWeek = unit === 'week' && 'startOfWeek' in args ? truncWeekStart(args.startOfWeek) : 0;
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
  const first = (startOfWeek - 6 + 7) % 7;
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
