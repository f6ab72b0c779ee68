import { Decimal128, Double, Int32, Long } from 'bson';
import type { Options } from 'mingo/types';
import { $push } from 'mingo/operators/accumulator';
import { exactOf, isBsonNumber } from '../bson/exact-number.js';
import { compareValues } from '../bson/compare.js';
import { distinctValues } from './set-expressions.js';
import { doubleOf } from './exact-arithmetic.js';

/**
 * `$sum` / `$avg` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/sum/,
 * .../avg/) over int64 and decimal values. mingo adds JS numbers only: int64 values beyond 2^53 and
 * Decimal128 values were skipped as non-numbers. mongod sums exactly and types the result: any
 * decimal → decimal; else any double → double; else an int64 result (an int32 one when every
 * input is int32 and the sum fits). `$avg` is a double, or a decimal when a decimal was averaged.
 * Non-numeric values are ignored; `$avg` of no numbers is null.
 */
type Obj = Record<string, unknown>;
type Accumulator = (collection: Obj[], expr: unknown, options: Options) => unknown;

const isNumeric = isBsonNumber;

type Total = {
  count: number;
  decimal: boolean;
  double: boolean;
  long: boolean;
  float: number;
  coef: bigint;
  exp: number;
  nan: boolean;
};

function total(values: unknown[]): Total {
  const t: Total = {
    count: 0,
    decimal: false,
    double: false,
    long: false,
    float: 0,
    coef: 0n,
    exp: 0,
    nan: false,
  };
  for (const v of values) {
    if (!isNumeric(v)) continue;
    t.count++;
    if (v instanceof Decimal128) t.decimal = true;
    else if (v instanceof Double || (typeof v === 'number' && !Number.isInteger(v))) t.double = true;
    else if (v instanceof Long || typeof v === 'bigint' || (typeof v === 'number' && Math.abs(v) >= 2 ** 31))
      t.long = true;
    t.float += typeof v === 'number' ? v : Number(v instanceof Decimal128 ? v.toString() : exactNumber(v));
    const x = exactOf(v);
    if (x.kind !== 'fin') {
      t.nan = true; // NaN and infinities: the double (or decimal) arithmetic below decides
      continue;
    }
    const exp = Math.min(t.exp, x.exp);
    t.coef = t.coef * 10n ** BigInt(t.exp - exp) + x.coef * 10n ** BigInt(x.exp - exp);
    t.exp = exp;
  }
  return t;
}

const exactNumber = (v: unknown): number =>
  v instanceof Int32 || v instanceof Double ? v.value : v instanceof Long ? Number(v.toBigInt()) : Number(v);

const decimalOf = (coef: bigint, exp: number) =>
  Decimal128.fromStringWithRounding(`${coef.toString()}E${String(exp)}`);

/** Plain JS numbers only (the common case): a float sum is exact while it stays below 2^53. */
function plainSum(values: unknown[]): unknown {
  let sum = 0;
  let integral = true;
  for (const v of values) {
    if (typeof v === 'object' || typeof v === 'bigint') return undefined;
    if (typeof v !== 'number') continue;
    sum += v;
    if (!Number.isInteger(v) || Math.abs(v) >= 2 ** 31) integral = false;
  }
  if (!integral || !Number.isSafeInteger(sum)) return undefined;
  return Math.abs(sum) < 2 ** 31 ? sum : Long.fromNumber(sum);
}

function sumOf(values: unknown[]): unknown {
  const fast = plainSum(values);
  if (fast !== undefined) return fast;
  const t = total(values);
  if (t.decimal) return t.nan ? Decimal128.fromString(String(t.float)) : decimalOf(t.coef, t.exp);
  if (t.double || t.nan) return t.float;
  const sum = t.coef * 10n ** BigInt(t.exp); // integral inputs: exp is 0
  if (!t.long && sum >= -(2n ** 31n) && sum < 2n ** 31n) return Number(sum);
  if (sum >= -(2n ** 63n) && sum < 2n ** 63n) return Long.fromBigInt(sum);
  return Number(sum); // beyond int64 mongod gives a double
}

function avgOf(values: unknown[]): unknown {
  const t = total(values);
  if (t.count === 0) return null;
  if (t.decimal) {
    if (t.nan) return Decimal128.fromString(String(t.float / t.count));
    const scale = 40;
    let coef = (t.coef * 10n ** BigInt(scale)) / BigInt(t.count);
    let exp = t.exp - scale;
    // IEEE 754 decimal division keeps the sum's exponent when the quotient is exact at it.
    while (exp < t.exp && coef % 10n === 0n) {
      coef /= 10n;
      exp += 1;
    }
    return decimalOf(coef, exp);
  }
  // A double always, also when whole (written as such, not as an int32).
  const mean = t.double || t.nan ? t.float / t.count : Number(t.coef * 10n ** BigInt(t.exp)) / t.count;
  return doubleOf(mean);
}

const values = (collection: Obj[], expr: unknown, options: Options): unknown[] =>
  $push(collection, expr, options);

/**
 * `$min`/`$max` by BSON order (https://www.mongodb.com/docs/manual/reference/operator/aggregation/max/):
 * null and missing values are ignored (null when nothing else is left), numbers of every type
 * compare by exact value and the winner keeps its type. mingo's comparison did not know `Long`s.
 */
const extreme =
  (sign: 1 | -1): Accumulator =>
  (collection, expr, options) => {
    let best: unknown = null;
    for (const v of values(collection, expr, options)) {
      if (v === null || v === undefined) continue;
      if (best === null || compareValues(v, best) * sign > 0) best = v;
    }
    return best;
  };

/**
 * `$addToSet`: each distinct value once, equal as BSON values (an int64 1 and an int32 1 are one
 * value); missing values are left out
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/addToSet/).
 */
const $addToSet: Accumulator = (collection, expr, options) =>
  distinctValues(presentValues(collection, expr, options));

/**
 * The values of `expr` over the documents, a missing one left out. mingo's `$push` turns a
 * missing value into null, so each value is pushed wrapped in a document, where missing is a
 * missing field.
 */
const presentValues = (collection: Obj[], expr: unknown, options: Options): unknown[] =>
  ($push(collection, { v: expr }, options) as { v?: unknown }[]).flatMap((o) =>
    o.v === undefined ? [] : [o.v],
  );

/**
 * `$push`: the values in input order, a missing one left out (mongod's accumulator adds a value
 * only when it is not missing; an explicit null is kept). mingo pushed missing values as null.
 */
const $pushPresent: Accumulator = presentValues;

export const exactAccumulators: Record<string, Accumulator> = {
  $addToSet,
  $push: $pushPresent,
  $min: extreme(-1),
  $max: extreme(1),
  $sum: (collection, expr, options) =>
    typeof expr === 'number' ? sumOf(collection.map(() => expr)) : sumOf(values(collection, expr, options)),
  $avg: (collection, expr, options) => avgOf(values(collection, expr, options)),
};
