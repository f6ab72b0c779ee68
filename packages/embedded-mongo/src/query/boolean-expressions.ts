import { evalExpr } from 'mingo/core';
import { Decimal128, Double, Int32, Long, Timestamp } from 'bson';
import { locationError } from '../errors.js';
import { $expr as mingoExpr } from 'mingo/operators/query';
import type { Options } from 'mingo/types';
import { bsonTypeName, delegate, type ExprOp } from './expression-fixes.js';
import { checkCount } from './expression-arity.js';

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

const isDocument = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The `[if, then, else]` of a `$cond`, given as an array of exactly three (16020) or as a document
 * with exactly those fields (17080-17083); mongod checks this when it parses the pipeline.
 */
export function condParts(expr: unknown): unknown[] {
  checkCount('$cond', expr);
  if (Array.isArray(expr)) return expr;
  const spec = expr as Obj;
  for (const key of Object.keys(spec))
    if (key !== 'if' && key !== 'then' && key !== 'else')
      throw fail(17083, `Unrecognized parameter to $cond: ${key}`);
  if (!('if' in spec)) throw fail(17080, "Missing 'if' parameter to $cond");
  if (!('then' in spec)) throw fail(17081, "Missing 'then' parameter to $cond");
  if (!('else' in spec)) throw fail(17082, "Missing 'else' parameter to $cond");
  return [spec.if, spec.then, spec.else];
}

/** `$cond`: `then` when `if` is true, else `else`. */
const $cond: ExprOp = (obj, expr, options) => {
  const [condition, then, otherwise] = condParts(expr);
  return evalExpr(obj, truth(obj, condition, options) ? then : otherwise, options);
};

type SwitchSpec = { branches: { case: unknown; then: unknown }[]; default?: { value: unknown } };

/**
 * The branches and default of a `$switch`, checked as mongod parses it: a document (40060) of
 * `branches` (an array, 40061, of documents, 40062, each with only (40063) a `case` (40064) and a
 * `then` (40065)) and `default`, nothing else (40067), and at least one branch (40068).
 */
export function switchSpec(expr: unknown): SwitchSpec {
  if (!isDocument(expr))
    throw fail(40060, `$switch requires an object as an argument, found: ${bsonTypeName(expr)}`);
  const spec: SwitchSpec = { branches: [] };
  for (const [field, value] of Object.entries(expr)) {
    if (field === 'default') spec.default = { value };
    else if (field !== 'branches') throw fail(40067, `$switch found an unknown argument: ${field}`);
    else if (!Array.isArray(value))
      throw fail(40061, `$switch expected an array for 'branches', found: ${bsonTypeName(value)}`);
    else for (const branch of value as unknown[]) spec.branches.push(switchBranch(branch));
  }
  if (spec.branches.length === 0) throw fail(40068, '$switch requires at least one branch.');
  return spec;
}

function switchBranch(branch: unknown): { case: unknown; then: unknown } {
  if (!isDocument(branch))
    throw fail(40062, `$switch expected each branch to be an object, found: ${bsonTypeName(branch)}`);
  for (const key of Object.keys(branch))
    if (key !== 'case' && key !== 'then')
      throw fail(40063, `$switch found an unknown argument to a branch: ${key}`);
  if (!('case' in branch)) throw fail(40064, "$switch requires each branch have a 'case' expression");
  if (!('then' in branch)) throw fail(40065, "$switch requires each branch have a 'then' expression.");
  return { case: branch.case, then: branch.then };
}

/** No `$switch` branch matched and there is no default (also `$bucket`'s answer: mongod runs it as a `$switch`). */
export const noMatchingBranch = () =>
  fail(40066, '$switch could not find a matching branch for an input, and no default was specified.');

/** `$switch`: the first branch whose case is true; no match and no default is an error (40066). */
const $switch: ExprOp = (obj, expr, options) => {
  const spec = switchSpec(expr);
  for (const branch of spec.branches) {
    if (truth(obj, branch.case, options)) return evalExpr(obj, branch.then, options);
  }
  if (!spec.default) throw noMatchingBranch();
  return evalExpr(obj, spec.default.value, options);
};

const list = (expr: unknown): unknown[] => (Array.isArray(expr) ? expr : [expr]);

/** `$and`: true when every argument is true (stops at the first false one). */
const $and: ExprOp = (obj, expr, options) => list(expr).every((e) => truth(obj, e, options));

/** `$or`: true when some argument is true (stops at the first true one). */
const $or: ExprOp = (obj, expr, options) => list(expr).some((e) => truth(obj, e, options));

/** `$not` of exactly one argument (16020 otherwise). */
const $not: ExprOp = (obj, expr, options) => {
  checkCount('$not', expr);
  return !truth(obj, list(expr)[0], options);
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
    checkCount(name, expr);
    const v: unknown = evalExpr(obj, list(expr)[0], options);
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
