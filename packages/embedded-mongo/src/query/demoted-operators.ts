import { evalExpr } from 'mingo/core';
import { Double, Int32, Long, Timestamp } from 'bson';
import { delegate, type ExprOp } from './expression-fixes.js';
import { doubleOf } from './exact-arithmetic.js';

const isLong = (v: unknown): v is Long => v instanceof Long && !(v instanceof Timestamp);

/** Trigonometric operators: numbers in, a double out. */
const TRIGONOMETRY = [
  '$acos',
  '$acosh',
  '$asin',
  '$asinh',
  '$atan',
  '$atan2',
  '$atanh',
  '$cos',
  '$cosh',
  '$sin',
  '$sinh',
  '$tan',
  '$tanh',
  '$degreesToRadians',
  '$radiansToDegrees',
];

/**
 * A value as mingo's own operators can read it: int64 values that a double holds exactly, and
 * Int32/Double wrappers, become JS numbers (arrays and documents holding any are copied with
 * theirs converted; others are returned as they are). Larger int64 values stay `Long`s, as they
 * always reached mingo.
 */
export function demote(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (isLong(v)) {
    const n = v.toBigInt();
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : v;
  }
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      const d = demote(item);
      if (d !== item) (out ??= v.slice())[i] = d;
    }
    return out ?? v;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  let out: Record<string, unknown> | undefined;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const d = demote(x);
    if (d !== x) (out ??= { ...(v as Record<string, unknown>) })[k] = d;
  }
  return out ?? v;
}

/**
 * Operators whose numeric result is a double unless an input is a decimal (`$divide` of 4 by 2
 * is 2.0): a whole result is returned as a `Double` so that it is not written as an int32.
 */
const DOUBLE_RESULT = new Set([
  ...TRIGONOMETRY,
  '$divide',
  '$exp',
  '$ln',
  '$log',
  '$log10',
  '$sqrt',
  '$sigmoid',
  '$toDouble',
]);

/**
 * Operators of mingo that compute on JS numbers, strings or equality: their arguments are
 * evaluated here and handed on as literals with int64 values demoted (the same values, so the
 * same answers as before int64 values reached aggregation as `Long`s). Operators that only pass
 * values through (`$ifNull`, `$cond`, `$map`, `$let`, `$getField`, ...) get them unchanged.
 * `$and`/`$or` are not listed: they stop at the first deciding argument. The typed ones
 * (`typed-math.ts`, `set-expressions.ts`, `boolean-expressions.ts`, `comparison-expressions.ts`)
 * read int64 values themselves.
 */
const DEMOTING = [
  ...DOUBLE_RESULT,
  '$indexOfArray',
  '$range',
  '$slice',
  '$split',
  '$strcasecmp',
  '$strLenBytes',
  '$strLenCP',
  '$substr',
  '$substrCP',
  '$substrBytes',
  '$isNumber',
  '$toBool',
  '$toDate',
  '$toDecimal',
  '$toInt',
  '$toString',
];

const literal = (v: unknown) => ({ $literal: demote(v) });

function demoting(op: ExprOp): ExprOp {
  return (obj, expr, options) => {
    const args = Array.isArray(expr)
      ? expr.map((a) => literal(evalExpr(obj, a, options)))
      : literal(evalExpr(obj, expr, options));
    return op(obj, args, options);
  };
}

const doubleResult =
  (op: ExprOp): ExprOp =>
  (obj, expr, options) => {
    const out: unknown = op(obj, expr, options);
    return typeof out === 'number' ? doubleOf(out) : out;
  };

/** mingo's number-computing operators (or the fix in `current`) fed demoted arguments. */
export function demotedOperators(current: Record<string, ExprOp>): Record<string, ExprOp> {
  const out: Record<string, ExprOp> = {};
  for (const name of DEMOTING) {
    const op = demoting(current[name] ?? delegate(name));
    out[name] = DOUBLE_RESULT.has(name) ? doubleResult(op) : op;
  }
  return out;
}
