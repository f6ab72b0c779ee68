import { Decimal128, Double, Int32, Long } from 'bson';
import { MongoCommandError, show } from '../errors.js';
import { bsonTypeName } from './expression-fixes.js';
import { fromLocal, localParts, resolveZone } from './timezone.js';
import { isoDayOfWeek, isoWeekAndYear, MONTH_NAMES } from './date-calendar.js';
import { toDate } from './date-operators.js';

type Args = Record<string, unknown>;

/** `$dateToParts`, optionally in ISO week-date form. */
export function dateToParts(args: Args): unknown {
  const date = toDate(args.date, '$dateToParts');
  if (date === null) return null;
  const p = localParts(date, resolveZone(args.timezone));
  const time = { hour: p.hour, minute: p.minute, second: p.second, millisecond: p.ms };
  if (args.iso8601 === true) {
    const iso = isoWeekAndYear(p);
    return { isoWeekYear: iso.year, isoWeek: iso.week, isoDayOfWeek: isoDayOfWeek(p), ...time };
  }
  return { year: p.year, month: p.month, day: p.day, ...time };
}

/** A whole number of any numeric BSON type, as mongod's Value::integral64Bit accepts; else undefined. */
function wholeNumber(v: unknown): number | undefined {
  let n: number | undefined;
  if (typeof v === 'number') n = v;
  else if (v instanceof Long) n = v.toNumber();
  else if (v instanceof Int32 || v instanceof Double) n = v.value;
  else if (v instanceof Decimal128) n = Number(v.toString());
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

/**
 * The parts of `$dateFromParts` as ExpressionDateFromParts::evaluate reads them: a part given but
 * null or missing makes the result null, a part that is not a whole number is refused (40515),
 * a year outside 1-9999 too (40523 / 31095 for isoWeekYear); absent parts take their defaults.
 */
function readParts(args: Args, names: [string, number][]): number[] | null {
  const out: number[] = [];
  for (const [name, dflt] of names) {
    if (!(name in args)) {
      out.push(dflt);
      continue;
    }
    const v = args[name];
    if (v === null || v === undefined) return null;
    const n = wholeNumber(v);
    if (n === undefined)
      throw new MongoCommandError(
        40515,
        'Location40515',
        `'${name}' must evaluate to an integer, found ${bsonTypeName(v)} with value ${typeof v === 'string' ? `"${v}"` : show(v)}`,
      );
    if ((name === 'year' || name === 'isoWeekYear') && (n < 1 || n > 9999)) {
      const code = name === 'year' ? 40523 : 31095;
      throw new MongoCommandError(
        code,
        `Location${String(code)}`,
        `'${name}' must evaluate to an integer in the range 1 to 9999, found ${String(n)}`,
      );
    }
    out.push(n);
  }
  return out;
}

const TIME_PARTS: [string, number][] = [
  ['hour', 0],
  ['minute', 0],
  ['second', 0],
  ['millisecond', 0],
];

/** `$dateFromParts`: calendar or ISO week-date fields, interpreted as wall clock in `timezone`. */
export function dateFromParts(args: Args): unknown {
  if ('isoWeekYear' in args) {
    const parts = readParts(args, [
      ['isoWeekYear', 1970],
      ['isoWeek', 1],
      ['isoDayOfWeek', 1],
      ...TIME_PARTS,
    ]);
    if (!parts) return null;
    const [y = 1970, week = 1, dow = 1, h = 0, mi = 0, s = 0, ms = 0] = parts;
    const zone = resolveZone(args.timezone);
    // ISO week 1 contains January 4th; find that week's Monday.
    const jan4 = new Date(Date.UTC(y, 0, 4));
    const monday = 4 - (jan4.getUTCDay() === 0 ? 7 : jan4.getUTCDay()) + 1;
    const day = monday + (week - 1) * 7 + (dow - 1);
    return fromLocal(zone, y, 1, day, h, mi, s, ms);
  }
  if (!('year' in args)) {
    throw new MongoCommandError(
      40516,
      'Location40516',
      "$dateFromParts requires either 'year' or 'isoWeekYear'",
    );
  }
  const parts = readParts(args, [['year', 1970], ['month', 1], ['day', 1], ...TIME_PARTS]);
  if (!parts) return null;
  const [y = 1970, mo = 1, d = 1, h = 0, mi = 0, s = 0, ms = 0] = parts;
  return fromLocal(resolveZone(args.timezone), y, mo, d, h, mi, s, ms);
}

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

function parseError(msg: string): MongoCommandError {
  return new MongoCommandError(241, 'ConversionFailure', `Error parsing date string '${msg}'`);
}

/** `$dateFromString` for ISO 8601 strings and `format` strings built from %Y %m %d %H %M %S %L %z %b %B. */
export function dateFromString(args: Args): unknown {
  const s = args.dateString;
  if (s === null || s === undefined) return 'onNull' in args ? args.onNull : null;
  try {
    if (typeof s !== 'string') throw parseError(show(s));
    const fields = args.format !== undefined ? parseWithFormat(s, show(args.format)) : parseIso(s);
    if (fields.offset !== undefined && args.timezone !== undefined) {
      throw new MongoCommandError(
        40554,
        'Location40554',
        'you cannot pass in a date/time string with GMT offset together with a timezone argument',
      );
    }
    const zone = fields.offset !== undefined ? resolveZone(fields.offset) : resolveZone(args.timezone);
    return fromLocal(zone, fields.y, fields.mo, fields.d, fields.h, fields.mi, fields.s, fields.ms);
  } catch (err) {
    if ('onError' in args) return args.onError;
    throw err;
  }
}

type Fields = {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
  offset?: string;
};

function parseIso(s: string): Fields {
  const m = ISO_RE.exec(s.trim());
  if (!m) throw parseError(s);
  const offset = m[8] === undefined ? undefined : m[8] === 'Z' ? 'UTC' : m[8];
  return {
    y: Number(m[1]),
    mo: Number(m[2]),
    d: Number(m[3]),
    h: Number(m[4] ?? 0),
    mi: Number(m[5] ?? 0),
    s: Number(m[6] ?? 0),
    ms: Number((m[7] ?? '0').padEnd(3, '0')),
    offset,
  };
}

const SPEC_RE: Record<string, string> = {
  Y: '(\\d{4})',
  m: '(\\d{1,2})',
  d: '(\\d{1,2})',
  H: '(\\d{1,2})',
  M: '(\\d{1,2})',
  S: '(\\d{1,2})',
  L: '(\\d{1,3})',
  z: '([+-]\\d{2}:?\\d{2}|Z)',
  Z: '([+-]\\d+)',
  b: '([A-Za-z]{3})',
  B: '([A-Za-z]+)',
  j: '(\\d{1,3})',
};

function parseWithFormat(s: string, format: string): Fields {
  const order: string[] = [];
  const pattern = format.replace(
    /%(.)|([.*+?^${}()|[\]\\])/g,
    (_m, c: string | undefined, lit: string | undefined) => {
      if (lit) return `\\${lit}`;
      if (c === '%') return '%';
      const re = c ? SPEC_RE[c] : undefined;
      if (!re || !c)
        throw new MongoCommandError(
          18536,
          'Location18536',
          `Invalid format character '%${c ?? ''}' in format string`,
        );
      order.push(c);
      return re;
    },
  );
  const m = new RegExp(`^${pattern}$`).exec(s);
  if (!m) throw parseError(s);
  const f: Fields = { y: 1970, mo: 1, d: 1, h: 0, mi: 0, s: 0, ms: 0 };
  order.forEach((c, i) => {
    const v = m[i + 1] ?? '';
    if (c === 'Y') f.y = Number(v);
    else if (c === 'm') f.mo = Number(v);
    else if (c === 'd') f.d = Number(v);
    else if (c === 'H') f.h = Number(v);
    else if (c === 'M') f.mi = Number(v);
    else if (c === 'S') f.s = Number(v);
    else if (c === 'L') f.ms = Number(v.padEnd(3, '0'));
    else if (c === 'z') f.offset = v === 'Z' ? 'UTC' : v;
    else if (c === 'Z')
      f.offset = `${Number(v) < 0 ? '-' : '+'}${String(Math.floor(Math.abs(Number(v)) / 60)).padStart(2, '0')}${String(Math.abs(Number(v)) % 60).padStart(2, '0')}`;
    else if (c === 'b' || c === 'B')
      f.mo = MONTH_NAMES.findIndex((n) => n.toLowerCase().startsWith(v.toLowerCase())) + 1;
  });
  return f;
}
