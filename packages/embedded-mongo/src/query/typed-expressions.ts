import { evalExpr } from 'mingo/core';
import { Decimal128, Double, Int32, Long, Timestamp } from 'bson';
import { locationError } from '../errors.js';
import { isBsonNumber } from '../bson/exact-number.js';
import {
  INT64_MAX,
  INT64_MIN,
  RANK,
  bigOf,
  decToDecimal128,
  doubleOf,
  numKind,
  plainNumber,
  toDec,
  unwrap,
  type Dec,
  type NumKind,
} from './exact-arithmetic.js';
import { bsonTypeName, delegate, type ExprOp } from './expression-fixes.js';
import { demote, demotedOperators } from './demoted-operators.js';
import { isBsonUndefined } from '../bson/undefined-value.js';

/**
 * Arithmetic expressions with MongoDB's numeric result types
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/add/, .../multiply/,
 * .../subtract/, .../abs/, .../toLong/, .../convert/): the result has the widest type of the
 * inputs in the order int32 < int64 < double < decimal; an int32 result that overflows becomes an
 * int64 and an int64 result that overflows a double. Documents reach aggregation with their int64
 * values as `Long`s (`decodeForAggregation`), so `{$add: ["$long", 1]}` stays an int64, which
 * mingo's JS-number arithmetic could not tell. A double result with a whole value is returned as
 * a `Double` so that it is written as a double, not an int32.
 */
const fail = locationError;
const nullish = (v: unknown) => v === null || v === undefined;
const isLong = (v: unknown): v is Long => v instanceof Long && !(v instanceof Timestamp);
const argList = (expr: unknown): unknown[] => (Array.isArray(expr) ? expr : [expr]);
const single = (expr: unknown): unknown => (Array.isArray(expr) && expr.length === 1 ? expr[0] : expr);

function widest(values: unknown[]): NumKind {
  let kind: NumKind = 'int';
  for (const v of values) {
    const k = numKind(v) ?? 'int';
    if (RANK[k] > RANK[kind]) kind = k;
  }
  return kind;
}

function integral(kind: NumKind, exact: bigint, asDouble: () => number): unknown {
  if (kind === 'int' && exact >= -(2n ** 31n) && exact < 2n ** 31n) return Number(exact);
  if (exact >= INT64_MIN && exact <= INT64_MAX) return Long.fromBigInt(exact);
  return doubleOf(asDouble());
}

function decimalOf(
  values: unknown[],
  combine: (a: Dec, b: Dec) => Dec,
  float: (a: number, b: number) => number,
) {
  const decs = values.map((v) => toDec(unwrap(v)));
  if (decs.every((d): d is Dec => d !== undefined))
    return decToDecimal128(decs.slice(1).reduce(combine, decs[0] as Dec));
  // NaN or an infinity among the inputs: IEEE arithmetic decides, as a decimal.
  const n = values.map((v) => Number(String(unwrap(v)))).reduce(float);
  return Decimal128.fromString(Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity');
}

const scaled = (a: Dec, b: Dec) => {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp] as const;
};
const decAdd = (a: Dec, b: Dec): Dec => {
  const [x, y, exp] = scaled(a, b);
  return { coef: x + y, exp };
};
const decSub = (a: Dec, b: Dec): Dec => decAdd(a, { coef: -b.coef, exp: b.exp });
const decMul = (a: Dec, b: Dec): Dec => ({ coef: a.coef * b.coef, exp: a.exp + b.exp });

type Op = 'add' | 'subtract' | 'multiply';
const BIG: Record<Op, (a: bigint, b: bigint) => bigint> = {
  add: (a, b) => a + b,
  subtract: (a, b) => a - b,
  multiply: (a, b) => a * b,
};
const FLOAT: Record<Op, (a: number, b: number) => number> = {
  add: (a, b) => a + b,
  subtract: (a, b) => a - b,
  multiply: (a, b) => a * b,
};
const DEC: Record<Op, (a: Dec, b: Dec) => Dec> = { add: decAdd, subtract: decSub, multiply: decMul };

/** Numbers (at least one) combined left to right with `op`, typed as mongod types the result. */
function typedCombine(op: Op, values: unknown[]): unknown {
  const kind = widest(values);
  if (kind === 'decimal') return decimalOf(values, DEC[op], FLOAT[op]);
  if (kind === 'double') return doubleOf(values.map(plainNumber).reduce(FLOAT[op]));
  const exact = values.map(bigOf).reduce(BIG[op]);
  return integral(kind, exact, () => values.map(plainNumber).reduce(FLOAT[op]));
}

const millis = (v: unknown) => Math.round(plainNumber(v));

/** `$add`: numbers and at most one date (the sum is then a date); null or missing → null. */
const $add: ExprOp = (obj, expr, options) => {
  const values = argList(expr).map((a): unknown => evalExpr(obj, a, options));
  let date: Date | undefined;
  const numbers: unknown[] = [];
  for (const v of values) {
    if (nullish(v)) continue;
    if (v instanceof Date) {
      if (date) throw fail(16612, 'only one date allowed in an $add expression');
      date = v;
    } else if (isBsonNumber(v)) numbers.push(v);
    else throw fail(16554, `$add only supports numeric or date types, not ${bsonTypeName(v)}`);
  }
  if (values.some(nullish)) return null;
  if (date) return new Date(date.getTime() + numbers.reduce<number>((sum, n) => sum + millis(n), 0));
  return numbers.length === 0 ? 0 : typedCombine('add', numbers);
};

/** `$multiply` of numbers; anything else goes to mingo (its message). */
const $multiply: ExprOp = (obj, expr, options) => {
  const values = argList(expr).map((a): unknown => evalExpr(obj, a, options));
  if (values.some(nullish)) return null;
  if (!values.every(isBsonNumber)) return delegate('$multiply')(obj, expr, options);
  return values.length === 0 ? 1 : typedCombine('multiply', values);
};

/** `$subtract`: numbers; a date minus a number is a date; a date minus a date is an int64 of ms. */
const $subtract: ExprOp = (obj, expr, options) => {
  const values = argList(expr).map((a): unknown => evalExpr(obj, a, options));
  if (values.length !== 2) return delegate('$subtract')(obj, expr, options);
  const [a, b] = values;
  if (nullish(a) || nullish(b)) return null;
  if (a instanceof Date && b instanceof Date) return Long.fromNumber(a.getTime() - b.getTime());
  if (a instanceof Date && isBsonNumber(b)) return new Date(a.getTime() - millis(b));
  if (isBsonNumber(a) && isBsonNumber(b)) return typedCombine('subtract', [a, b]);
  return delegate('$subtract')(obj, expr, options);
};

/** `$abs` keeps the input's type; the int32 minimum becomes an int64, the int64 minimum is refused. */
const $abs: ExprOp = (obj, expr, options) => {
  const v: unknown = evalExpr(obj, single(expr), options);
  if (nullish(v)) return null;
  if (!isBsonNumber(v)) return delegate('$abs')(obj, expr, options);
  const kind = numKind(v) ?? 'int';
  if (kind === 'decimal') {
    const text = (v as Decimal128).toString();
    return text.startsWith('-') ? Decimal128.fromString(text.slice(1)) : v;
  }
  if (kind === 'double') return doubleOf(Math.abs(plainNumber(v)));
  const n = bigOf(v);
  const abs = n < 0n ? -n : n;
  if (abs > INT64_MAX) throw fail(28680, "can't take $abs of long long min");
  return integral(kind, abs, () => Number(abs));
};

/** The int64 of a whole number (decimals and doubles truncated toward zero), or undefined. */
function longOf(v: unknown): Long | undefined {
  if (isLong(v)) return v;
  if (v instanceof Decimal128) {
    const d = toDec(v);
    if (!d) return undefined;
    const whole = d.exp >= 0 ? d.coef * 10n ** BigInt(d.exp) : d.coef / 10n ** BigInt(-d.exp);
    return whole >= INT64_MIN && whole <= INT64_MAX ? Long.fromBigInt(whole) : undefined;
  }
  return undefined;
}

/** `$toLong`: an int64 always (mingo answered a JS number, written as an int32 when small). */
const $toLong: ExprOp = (obj, expr, options) => {
  const v: unknown = evalExpr(obj, single(expr), options);
  const exact = longOf(v);
  if (exact) return exact;
  const n: unknown = delegate('$toLong')(obj, { $literal: demote(v) }, options);
  return typeof n === 'number' ? Long.fromNumber(n) : n;
};

const LONG_TARGETS = new Set<unknown>(['long', 18]);

/** `$convert` to `long` gives an int64; the input reaches mingo as a JS number when it fits one. */
const $convert: ExprOp = (obj, expr, options) => {
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr))
    return delegate('$convert')(obj, expr, options);
  const spec = expr as Record<string, unknown>;
  const input: unknown = evalExpr(obj, spec.input, options);
  const to: unknown = evalExpr(obj, spec.to, options);
  const toLong = LONG_TARGETS.has(to);
  const exact = toLong ? longOf(input) : undefined;
  if (exact) return exact;
  const out: unknown = delegate('$convert')(obj, { ...spec, input: { $literal: demote(input) } }, options);
  return toLong && typeof out === 'number' ? Long.fromNumber(out) : out;
};

/** `$type` names the wrapped numbers and BSON undefined, which mingo does not know. */
const $type: ExprOp = (obj, expr, options) => {
  const v: unknown = evalExpr(obj, single(expr), options);
  if (isLong(v) || v instanceof Int32 || v instanceof Double || v instanceof Decimal128 || isBsonUndefined(v))
    return bsonTypeName(v);
  return delegate('$type')(obj, expr, options);
};

/** The typed arithmetic above, and mingo's number-computing operators fed demoted arguments. */
export function typedExpressions(current: Record<string, ExprOp>): Record<string, ExprOp> {
  return { ...demotedOperators(current), $add, $subtract, $multiply, $abs, $toLong, $convert, $type };
}
