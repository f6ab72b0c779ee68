import { evalExpr } from 'mingo/core';
import { Decimal128, Double, Int32, Long } from 'bson';
import { locationError, show } from '../errors.js';
import { isBsonNumber } from '../bson/exact-number.js';
import { bsonTypeName, type ExprOp } from './expression-fixes.js';
import { checkCount } from './expression-arity.js';

/**
 * `$arrayElemAt` and `$substrBytes` with mongod's argument checks and codes (mingo answered every
 * bad argument with the generic code 2). The order of the checks is mongod's: null or missing
 * first, then each argument's type, then its range.
 */
const fail = locationError;

/** The arguments of `name`, as many as mongod's parser wants (16020 otherwise). */
function arity(name: string, expr: unknown): unknown[] {
  checkCount(name, expr);
  return Array.isArray(expr) ? (expr as unknown[]) : [expr];
}

/** A BSON number as a JS number (int64 and decimal values rounded to the nearest double). */
function asDouble(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Long) return Number(v.toBigInt());
  if (v instanceof Decimal128) return Number(v.toString());
  return Number(v);
}

/** `$arrayElemAt`: the index must be a number holding a whole value that fits in 32 bits. */
const $arrayElemAt: ExprOp = (obj, expr, options) => {
  const [arrayExpr, indexExpr] = arity('$arrayElemAt', expr);
  const array: unknown = evalExpr(obj, arrayExpr, options);
  const index: unknown = evalExpr(obj, indexExpr, options);
  if (array === null || array === undefined || index === null || index === undefined) return null;
  if (!Array.isArray(array))
    throw fail(28689, `$arrayElemAt's first argument must be an array, but is ${bsonTypeName(array)}`);
  if (!isBsonNumber(index))
    throw fail(
      28690,
      `$arrayElemAt's second argument must be a numeric value, but is ${bsonTypeName(index)}`,
    );
  const i = asDouble(index);
  if (!Number.isInteger(i) || i < -(2 ** 31) || i >= 2 ** 31)
    throw fail(
      28691,
      `$arrayElemAt's second argument must be representable as a 32-bit integer: ${String(i)}`,
    );
  const items = array as unknown[];
  // An index past either end gives a missing value (the field is left out).
  return i < 0 ? items[items.length + i] : items[i];
};

/** The text mongod's `coerceToString` gives a value, or the 16007 refusal for types it cannot. */
function coerceToString(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (isBsonNumber(v))
    return v instanceof Decimal128 || v instanceof Long ? v.toString() : String(asDouble(v));
  throw fail(16007, `can't convert from BSON type ${bsonTypeName(v)} to String`);
}

const isContinuation = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;

/**
 * `$substrBytes`: byte offsets into the UTF-8 text; a negative length takes the rest of the
 * string; both ends must fall on character boundaries.
 */
const $substrBytes: ExprOp = (obj, expr, options) => {
  const [textExpr, startExpr, lengthExpr] = arity('$substrBytes', expr);
  const text = coerceToString(evalExpr(obj, textExpr, options));
  const start: unknown = evalExpr(obj, startExpr, options);
  const length: unknown = evalExpr(obj, lengthExpr, options);
  if (!isBsonNumber(start))
    throw fail(
      16034,
      `$substrBytes:  starting index must be a numeric type (is BSON type ${bsonTypeName(start)})`,
    );
  if (!isBsonNumber(length))
    throw fail(16035, `$substrBytes:  length must be a numeric type (is BSON type ${bsonTypeName(length)})`);
  const lower = Math.trunc(asDouble(start));
  if (lower < 0)
    throw fail(50752, `$substrBytes:  starting index must be non-negative (got: ${String(lower)})`);
  const bytes = Buffer.from(text, 'utf8');
  const count = Math.trunc(asDouble(length));
  const end = count < 0 ? bytes.length : Math.min(bytes.length, lower + count);
  if (lower < bytes.length && isContinuation(bytes[lower]))
    throw fail(28656, '$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.');
  if (lower >= bytes.length) return '';
  if (isContinuation(bytes[end]))
    throw fail(28657, '$substrBytes:  Invalid range, ending index is in the middle of a UTF-8 character.');
  return bytes.subarray(lower, end).toString('utf8');
};

/** Whether a number holds a whole value that fits in 32 bits (what mongod calls integral). */
const integral32 = (v: unknown) => {
  const n = asDouble(v);
  return Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;
};

/**
 * `$substrCP`: code point offsets; both the start and the length must be whole numbers that fit
 * in 32 bits and not be negative (codes 34450-34455, checked in mongod's order); a start past the
 * end gives "".
 */
const $substrCP: ExprOp = (obj, expr, options) => {
  const [textExpr, startExpr, lengthExpr] = arity('$substrCP', expr);
  const text = coerceToString(evalExpr(obj, textExpr, options));
  const start: unknown = evalExpr(obj, startExpr, options);
  const length: unknown = evalExpr(obj, lengthExpr, options);
  if (!isBsonNumber(start))
    throw fail(
      34450,
      `$substrCP: starting index must be a numeric type (is BSON type ${bsonTypeName(start)})`,
    );
  if (!integral32(start))
    throw fail(
      34451,
      `$substrCP: starting index cannot be represented as a 32-bit integral value: ${show(start)}`,
    );
  if (!isBsonNumber(length))
    throw fail(34452, `$substrCP: length must be a numeric type (is BSON type ${bsonTypeName(length)})`);
  if (!integral32(length))
    throw fail(34453, `$substrCP: length cannot be represented as a 32-bit integral value: ${show(length)}`);
  const from = asDouble(start);
  const count = asDouble(length);
  if (count < 0) throw fail(34454, '$substrCP: length must be a nonnegative integer.');
  if (from < 0) throw fail(34455, '$substrCP: the starting index must be nonnegative integer.');
  return [...text].slice(from, from + count).join('');
};

export const elementArgumentChecks: Record<string, ExprOp> = { $arrayElemAt, $substrBytes, $substrCP };
