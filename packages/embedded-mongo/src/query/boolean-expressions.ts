import { evalExpr } from 'mingo/core';
import { Decimal128, Double, Int32, Long, Timestamp } from 'bson';
import { locationError } from '../errors.js';
import { $expr as mingoExpr } from 'mingo/operators/query';
import type { Options } from 'mingo/types';
import { bsonTypeName, delegate, type ExprOp } from './expression-fixes.js';

/**
 * Whether mongod counts a value as true where an expression wants a boolean (`$cond`, `$switch`,
 * `$and`, `$or`, `$not`): false, null, a missing value and a zero of any numeric type are false,
 * everything else is true (also `""`, `[]` and NaN, which is not equal to zero)
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/and/#behavior). mingo only
 * knew the JS number 0, so an int64 or decimal zero counted as true.
 */
function isTrue(v: unknown): boolean {
  if (v === false || v === null || v === undefined || v === 0) return false;
  if (v instanceof Int32 || v instanceof Double) return v.value !== 0;
  if (v instanceof Long && !(v instanceof Timestamp)) return !v.isZero();
  if (v instanceof Decimal128) return !/^-?0(\.0*)?(E[+-]?\d+)?$/i.test(v.toString());
  return true;
}

type Obj = Record<string, unknown>;
const fail = locationError;
const truth = (obj: Obj, expr: unknown, options: Parameters<ExprOp>[2]) =>
  isTrue(evalExpr(obj, expr, options));

/** `$cond` as `[if, then, else]` (exactly three, 16020) or `{if, then, else}`. */
const $cond: ExprOp = (obj, expr, options) => {
  let parts: unknown[];
  if (Array.isArray(expr)) {
    if (expr.length !== 3)
      throw fail(16020, `Expression $cond takes exactly 3 arguments. ${String(expr.length)} were passed in.`);
    parts = expr;
  } else if (expr !== null && typeof expr === 'object') {
    const spec = expr as Obj;
    for (const key of Object.keys(spec))
      if (key !== 'if' && key !== 'then' && key !== 'else')
        throw fail(17083, `Unrecognized parameter to $cond: ${key}`);
    if (!('if' in spec)) throw fail(17080, "Missing 'if' parameter to $cond");
    if (!('then' in spec)) throw fail(17081, "Missing 'then' parameter to $cond");
    if (!('else' in spec)) throw fail(17082, "Missing 'else' parameter to $cond");
    parts = [spec.if, spec.then, spec.else];
  } else {
    throw fail(16020, 'Expression $cond takes exactly 3 arguments. 1 were passed in.');
  }
  return evalExpr(obj, truth(obj, parts[0], options) ? parts[1] : parts[2], options);
};

/** No `$switch` branch matched and there is no default (also `$bucket`'s answer: mongod runs it as a `$switch`). */
export const noMatchingBranch = () =>
  fail(40066, '$switch could not find a matching branch for an input, and no default was specified.');

/** `$switch`: the first branch whose case is true; no match and no default is an error (40066). */
const $switch: ExprOp = (obj, expr, options) => {
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr))
    throw fail(40060, '$switch requires an object as an argument');
  const spec = expr as Obj;
  if (!Array.isArray(spec.branches)) throw fail(40061, "$switch expected an array for 'branches'");
  for (const branch of spec.branches as Obj[]) {
    if (truth(obj, branch.case, options)) return evalExpr(obj, branch.then, options);
  }
  if (!('default' in spec)) throw noMatchingBranch();
  return evalExpr(obj, spec.default, options);
};

const list = (expr: unknown): unknown[] => (Array.isArray(expr) ? expr : [expr]);

/** `$and`: true when every argument is true (stops at the first false one). */
const $and: ExprOp = (obj, expr, options) => list(expr).every((e) => truth(obj, e, options));

/** `$or`: true when some argument is true (stops at the first true one). */
const $or: ExprOp = (obj, expr, options) => list(expr).some((e) => truth(obj, e, options));

/** `$not` of exactly one argument (16020 otherwise). */
const $not: ExprOp = (obj, expr, options) => {
  const args = list(expr);
  if (args.length !== 1)
    throw fail(16020, `Expression $not takes exactly 1 arguments. ${String(args.length)} were passed in.`);
  return !truth(obj, args[0], options);
};

/** A condition mingo will evaluate to a JS boolean decided by isTrue (through `$cond`). */
const asBoolean = (condition: unknown) => ({ $cond: [condition, true, false] });

/** `$filter` keeps the elements whose `cond` is true as mongod counts truth. */
const $filter: ExprOp = (obj, expr, options) => {
  if (expr === null || typeof expr !== 'object' || !('cond' in expr))
    return delegate('$filter')(obj, expr, options);
  const spec = expr as Obj;
  return delegate('$filter')(obj, { ...spec, cond: asBoolean(spec.cond) }, options);
};

/** `$allElementsTrue`/`$anyElementTrue` of one array (17040/17041 for anything else). */
const elements =
  (name: '$allElementsTrue' | '$anyElementTrue', code: number): ExprOp =>
  (obj, expr, options) => {
    const args = list(expr);
    if (args.length !== 1)
      throw fail(
        16020,
        `Expression ${name} takes exactly 1 arguments. ${String(args.length)} were passed in.`,
      );
    const v: unknown = evalExpr(obj, args[0], options);
    if (!Array.isArray(v)) throw fail(code, `${name}'s argument must be an array, but is ${bsonTypeName(v)}`);
    return name === '$allElementsTrue' ? v.every(isTrue) : v.some(isTrue);
  };

export const booleanExpressions: Record<string, ExprOp> = {
  $cond,
  $switch,
  $and,
  $or,
  $not,
  $filter,
  $allElementsTrue: elements('$allElementsTrue', 17040),
  $anyElementTrue: elements('$anyElementTrue', 17041),
};

type QueryOperator = (selector: string, value: unknown, options: Options) => (obj: unknown) => boolean;

/** The `$expr` query operator: a document matches when its expression is true as mongod counts truth. */
export const $expr: QueryOperator = (selector, value, options) =>
  mingoExpr(selector, asBoolean(value), options);
