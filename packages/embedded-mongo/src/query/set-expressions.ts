import { evalExpr } from 'mingo/core';
import { locationError } from '../errors.js';
import { encodeValue } from '../indexes/key-encoding.js';
import { compareValues } from '../bson/compare.js';
import { bsonTypeName, type ExprOp } from './expression-fixes.js';
import { checkCount } from './expression-arity.js';

/**
 * The set expressions and `$in` with MongoDB's equality
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/setUnion/ and its siblings,
 * .../in/): elements are equal as BSON values are, so `NumberLong(1)`, `1` and `1.0` are one
 * element, and embedded documents are equal only with their fields in the same order. Elements
 * keep their own types. mingo hashed numbers by JS value (an int64 was never equal to an int32)
 * and computed on int64 values turned into JS numbers.
 */
const fail = locationError;
const nullish = (v: unknown) => v === null || v === undefined;
type Obj = Record<string, unknown>;
type Options = Parameters<ExprOp>[2];
const evalArgs = (obj: Obj, expr: unknown, options: Options): unknown[] =>
  (Array.isArray(expr) ? expr : [expr]).map((a): unknown => evalExpr(obj, a, options));

/** The distinct elements of `items` (the first of equal ones kept), keyed by their BSON value. */
function distinct(items: unknown[], into = new Map<string, unknown>()): Map<string, unknown> {
  for (const v of items) {
    const key = encodeValue(v);
    if (!into.has(key)) into.set(key, v);
  }
  return into;
}

/** The distinct values of a list, equal BSON values once (the first met kept), in order met. */
export const distinctValues = (items: unknown[]): unknown[] => [...distinct(items).values()];

/** mongod answers these sets in its BSON order (the order is unspecified in the manual). */
const ordered = (set: Map<string, unknown>) => [...set.values()].sort(compareValues);

/**
 * The operands of `$setUnion`/`$setIntersection`, all arrays: null when one met first is null or
 * missing, `code` when one is not an array.
 */
function arrayOperands(name: string, code: number, values: unknown[]): unknown[][] | null {
  const arrays: unknown[][] = [];
  for (const v of values) {
    if (nullish(v)) return null;
    if (!Array.isArray(v))
      throw fail(code, `All operands of ${name} must be arrays. One argument is of type: ${bsonTypeName(v)}`);
    arrays.push(v);
  }
  return arrays;
}

const $setUnion: ExprOp = (obj, expr, options) => {
  const arrays = arrayOperands('$setUnion', 17043, evalArgs(obj, expr, options));
  if (!arrays) return null;
  const set = new Map<string, unknown>();
  for (const a of arrays) distinct(a, set);
  return ordered(set);
};

const $setIntersection: ExprOp = (obj, expr, options) => {
  const arrays = arrayOperands('$setIntersection', 17047, evalArgs(obj, expr, options));
  if (!arrays) return null;
  let current: Map<string, unknown> | undefined;
  for (const a of arrays) {
    const next = distinct(a);
    if (!current) current = next;
    else for (const key of [...current.keys()]) if (!next.has(key)) current.delete(key);
  }
  return ordered(current ?? new Map<string, unknown>());
};

/** `$setDifference`: the elements of the first array not in the second, in the first's order. */
const $setDifference: ExprOp = (obj, expr, options) => {
  const values = evalArgs(obj, expr, options);
  checkCount('$setDifference', expr);
  const [a, b] = values;
  if (nullish(a) || nullish(b)) return null;
  const which = (n: string, v: unknown) =>
    `both operands of $setDifference must be arrays. ${n} argument is of type: ${bsonTypeName(v)}`;
  if (!Array.isArray(a)) throw fail(17048, which('First', a));
  if (!Array.isArray(b)) throw fail(17049, which('Second', b));
  const seen = distinct(b);
  const out: unknown[] = [];
  for (const v of a) {
    const key = encodeValue(v);
    if (seen.has(key)) continue;
    seen.set(key, v);
    out.push(v);
  }
  return out;
};

const $setEquals: ExprOp = (obj, expr, options) => {
  const values = evalArgs(obj, expr, options);
  if (values.length < 2)
    throw fail(17045, `$setEquals needs at least two arguments had: ${String(values.length)}`);
  const sets = values.map((v, i) => {
    if (!Array.isArray(v))
      throw fail(
        17044,
        `All operands of $setEquals must be arrays. ${String(i + 1)}-th argument is of type: ${bsonTypeName(v)}`,
      );
    return distinct(v);
  });
  const [first, ...rest] = sets as [Map<string, unknown>, ...Map<string, unknown>[]];
  return rest.every((s) => s.size === first.size && [...s.keys()].every((k) => first.has(k)));
};

const $setIsSubset: ExprOp = (obj, expr, options) => {
  const values = evalArgs(obj, expr, options);
  checkCount('$setIsSubset', expr);
  const [a, b] = values;
  const which = (n: string, v: unknown) =>
    `both operands of $setIsSubset must be arrays. ${n} argument is of type: ${bsonTypeName(v)}`;
  if (!Array.isArray(a)) throw fail(17046, which('First', a));
  if (!Array.isArray(b)) throw fail(17042, which('Second', b));
  const superset = distinct(b);
  return a.every((v) => superset.has(encodeValue(v)));
};

/** `$in`: whether the value equals an element of the array (40081 when there is no array). */
const $in: ExprOp = (obj, expr, options) => {
  const values = evalArgs(obj, expr, options);
  checkCount('$in', expr);
  const [v, list] = values;
  if (!Array.isArray(list))
    throw fail(40081, `$in requires an array as a second argument, found: ${bsonTypeName(list)}`);
  // A missing value is compared as missing: it equals no element (null included).
  if (v === undefined) return false;
  return list.some((x) => compareValues(x, v) === 0);
};

export const setExpressions: Record<string, ExprOp> = {
  $setUnion,
  $setIntersection,
  $setDifference,
  $setEquals,
  $setIsSubset,
  $in,
};
