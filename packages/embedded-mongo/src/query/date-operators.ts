import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { Long, Timestamp, ObjectId } from 'bson';
import { MongoCommandError } from '../errors.js';
import { localParts, resolveZone, type LocalParts, type Zone } from './timezone.js';
import { dayOfYear, isoDayOfWeek, isoWeekAndYear, weekOfYear } from './date-calendar.js';
import { dateToString } from './date-format.js';
import { dateFromParts, dateFromString, dateToParts } from './date-parts.js';
import { checkDateTruncSpec, dateAdd, dateDiff, dateTrunc } from './date-arith.js';

type Obj = Record<string, unknown>;
type ExprOp = (obj: Obj, expr: unknown, options: Options) => unknown;

/** Coerces what MongoDB accepts as a date (Date, Timestamp, ObjectId); null/missing stays null. */
export function toDate(v: unknown, op: string): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (v instanceof Timestamp) return new Date(v.high * 1000);
  if (v instanceof ObjectId) return v.getTimestamp();
  if (v instanceof Long) return new Date(v.toNumber());
  throw new MongoCommandError(
    16006,
    'Location16006',
    `can't convert from BSON type ${typeof v} to Date (${op})`,
  );
}

function evalArgs(obj: Obj, expr: unknown, options: Options): Obj {
  const v = evalExpr(obj, expr, options);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
}

/** The fields of a document of arguments evaluated one by one, a field that evaluates to missing kept. */
function evalEachArg(obj: Obj, expr: unknown, options: Options): Obj {
  if (!expr || typeof expr !== 'object' || Array.isArray(expr)) return evalArgs(obj, expr, options);
  const out: Obj = {};
  for (const [k, v] of Object.entries(expr)) out[k] = evalExpr(obj, v, options);
  return out;
}

/** `{ $hour: <date> }` or `{ $hour: { date, timezone } }` → local parts, or null when the date is null. */
function partsOf(obj: Obj, expr: unknown, options: Options, op: string): LocalParts | null {
  let dateExpr = expr;
  let zone: Zone = resolveZone(undefined);
  if (Array.isArray(expr) && expr.length === 1) dateExpr = expr[0];
  if (expr && typeof expr === 'object' && !Array.isArray(expr) && 'date' in expr) {
    const e = expr as Obj;
    dateExpr = e.date;
    zone = resolveZone(evalExpr(obj, e.timezone, options));
  }
  const date = toDate(evalExpr(obj, dateExpr, options), op);
  return date ? localParts(date, zone) : null;
}

function partOp(op: string, pick: (p: LocalParts) => number): ExprOp {
  return (obj, expr, options) => {
    const p = partsOf(obj, expr, options, op);
    return p ? pick(p) : null;
  };
}

export const dateOperators: Record<string, ExprOp> = {
  $year: partOp('$year', (p) => p.year),
  $month: partOp('$month', (p) => p.month),
  $dayOfMonth: partOp('$dayOfMonth', (p) => p.day),
  $hour: partOp('$hour', (p) => p.hour),
  $minute: partOp('$minute', (p) => p.minute),
  $second: partOp('$second', (p) => p.second),
  $millisecond: partOp('$millisecond', (p) => p.ms),
  $dayOfWeek: partOp('$dayOfWeek', (p) => p.dow + 1),
  $isoDayOfWeek: partOp('$isoDayOfWeek', isoDayOfWeek),
  $dayOfYear: partOp('$dayOfYear', dayOfYear),
  $week: partOp('$week', weekOfYear),
  $isoWeek: partOp('$isoWeek', (p) => isoWeekAndYear(p).week),
  $isoWeekYear: partOp('$isoWeekYear', (p) => isoWeekAndYear(p).year),
  $dateToString: (obj, expr, options) => dateToString(evalArgs(obj, expr, options)),
  $dateToParts: (obj, expr, options) => dateToParts(evalArgs(obj, expr, options)),
  $dateFromParts: (obj, expr, options) => dateFromParts(evalEachArg(obj, expr, options)),
  $dateFromString: (obj, expr, options) => dateFromString(evalArgs(obj, expr, options)),
  $dateTrunc: (obj, expr, options) => {
    checkDateTruncSpec(expr);
    return dateTrunc(evalArgs(obj, expr, options));
  },
  $dateAdd: (obj, expr, options) => dateAdd(evalArgs(obj, expr, options), 1, '$dateAdd'),
  $dateSubtract: (obj, expr, options) => dateAdd(evalArgs(obj, expr, options), -1, '$dateSubtract'),
  $dateDiff: (obj, expr, options) => dateDiff(evalArgs(obj, expr, options)),
};
