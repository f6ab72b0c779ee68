import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import * as expressionOperators from 'mingo/operators/expression';
import { Binary, BSONRegExp, Decimal128, Double, Int32, Long, ObjectId, Timestamp } from 'bson';
import { locationError } from '../errors.js';
import { isBsonUndefined } from '../bson/undefined-value.js';

/**
 * Aggregation expressions where mingo answers differently from mongod (checked against the
 * operator pages of https://www.mongodb.com/docs/manual/reference/operator/aggregation/):
 * errors mongod raises with their own codes, and null/empty inputs.
 */
type Obj = Record<string, unknown>;
export type ExprOp = (obj: Obj, expr: unknown, options: Options) => unknown;

const mingo = expressionOperators as unknown as Record<string, ExprOp>;
/** mingo's own implementation of an expression operator (what a fix hands valid input on to). */
export const delegate = (name: string): ExprOp => {
  const op = mingo[name];
  if (!op) throw new Error(`mingo has no ${name}`);
  return op;
};

/** The BSON type name mongod uses in messages ("int", "string", "missing", ...). */
export function bsonTypeName(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (isBsonUndefined(v)) return 'undefined';
  if (typeof v === 'number') return Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 ? 'int' : 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof Timestamp) return 'timestamp';
  if (v instanceof Long) return 'long';
  if (v instanceof Int32) return 'int';
  if (v instanceof Double) return 'double';
  if (v instanceof Decimal128) return 'decimal';
  if (v instanceof ObjectId) return 'objectId';
  if (v instanceof Binary || v instanceof Uint8Array) return 'binData';
  if (v instanceof RegExp || v instanceof BSONRegExp) return 'regex';
  return 'object';
}

const fail = locationError;

/** `$toUpper`/`$toLower` of null or a missing field is the empty string. */
const caseOf =
  (name: '$toUpper' | '$toLower'): ExprOp =>
  (obj, expr, options) => {
    const arg: unknown = Array.isArray(expr) && expr.length === 1 ? (expr as unknown[])[0] : expr;
    const v: unknown = evalExpr(obj, arg, options);
    if (v === null || v === undefined) return '';
    return delegate(name)(obj, expr, options);
  };

/** `$concat`: null if any argument is null or missing; anything but a string is an error (16702). */
const $concat: ExprOp = (obj, expr, options) => {
  const args = Array.isArray(expr) ? expr : [expr];
  let out = '';
  let isNull = false;
  for (const a of args) {
    const v: unknown = evalExpr(obj, a, options);
    if (v === null || v === undefined) {
      isNull = true;
      continue;
    }
    if (typeof v !== 'string') throw fail(16702, `$concat only supports strings, not ${bsonTypeName(v)}`);
    out += v;
  }
  return isNull ? null : out;
};

/**
 * `$first`/`$last` of an array: null for null/missing, a missing value for an empty array (the
 * field is left out), an error (28689) for anything else. mingo read `{ $last: [[1, 2]] }` (one
 * argument, an array literal) as the list of arguments.
 */
const endOf =
  (name: '$first' | '$last'): ExprOp =>
  (obj, expr, options) => {
    if (Array.isArray(obj)) return delegate(name)(obj, expr, options); // as an accumulator
    const arg: unknown = Array.isArray(expr) && expr.length === 1 ? (expr as unknown[])[0] : expr;
    const v: unknown = evalExpr(obj, arg, options);
    if (v === null || v === undefined) return null;
    if (!Array.isArray(v))
      throw fail(28689, `${name}'s argument must be an array, but is ${bsonTypeName(v)}`);
    const items = v as unknown[];
    return name === '$first' ? items[0] : items[items.length - 1];
  };

/**
 * `$ceil`/`$floor` keep the numeric type of their input (https://www.mongodb.com/docs/manual/reference/operator/aggregation/ceil/):
 * a double stays a double (stored as such even when whole), an int64 an int64, a decimal a decimal.
 */
const rounding =
  (name: '$ceil' | '$floor'): ExprOp =>
  (obj, expr, options) => {
    const arg: unknown = Array.isArray(expr) && expr.length === 1 ? (expr as unknown[])[0] : expr;
    const value: unknown = evalExpr(obj, arg, options);
    if (value instanceof Long || value instanceof Int32) return value;
    // A whole double computed by an earlier expression arrives as a Double wrapper.
    const v = value instanceof Double ? value.value : value;
    if (value instanceof Double && Number.isInteger(v)) return value;
    if (v instanceof Decimal128) {
      const n = Number(v.toString());
      return Number.isInteger(n)
        ? v
        : Decimal128.fromString(String(name === '$ceil' ? Math.ceil(n) : Math.floor(n)));
    }
    if (typeof v === 'number' && !Number.isInteger(v))
      return new Double(name === '$ceil' ? Math.ceil(v) : Math.floor(v));
    if (v === null || v === undefined) return null;
    // mongod's single-numeric-argument check (expression.cpp, ExpressionSingleNumericArg).
    if (typeof v !== 'number')
      throw fail(28765, `${name} only supports numeric types, not ${bsonTypeName(v)}`);
    return delegate(name)(obj, expr, options);
  };

const isNumeric = (v: unknown) =>
  typeof v === 'number' ||
  v instanceof Long ||
  v instanceof Int32 ||
  v instanceof Double ||
  v instanceof Decimal128;

/**
 * `$concatArrays` (expression.cpp, ExpressionConcatArrays): null as soon as an argument is null
 * or missing, 28664 for an argument that is not an array.
 */
const $concatArrays: ExprOp = (obj, expr, options) => {
  const out: unknown[] = [];
  for (const a of Array.isArray(expr) ? expr : [expr]) {
    const v: unknown = evalExpr(obj, a, options);
    if (v === null || v === undefined) return null;
    if (!Array.isArray(v)) throw fail(28664, `$concatArrays only supports arrays, not ${bsonTypeName(v)}`);
    out.push(...(v as unknown[]));
  }
  return out;
};

/**
 * `$divide` (expression.cpp, ExpressionDivide): null when an argument is null or missing, 16609
 * for a non-number ("$divide only supports numeric types, not string and int"), 16608 for zero.
 */
const $divide: ExprOp = (obj, expr, options) => {
  const args = Array.isArray(expr) ? expr : [expr];
  const [a, b] = args.map((x) => evalExpr(obj, x, options));
  if (a === null || a === undefined || b === null || b === undefined) return null;
  if (!isNumeric(a) || !isNumeric(b))
    throw fail(16609, `$divide only supports numeric types, not ${bsonTypeName(a)} and ${bsonTypeName(b)}`);
  const divisor = b instanceof Long ? b.toNumber() : Number(b instanceof Decimal128 ? b.toString() : b);
  if (divisor === 0) throw fail(16608, "can't $divide by zero");
  return delegate('$divide')(obj, [{ $literal: a }, { $literal: b }], options);
};

/** `$size` of anything but an array is an error (17124), not null. */
const $size: ExprOp = (obj, expr, options) => {
  const arg: unknown = Array.isArray(expr) && expr.length === 1 ? (expr as unknown[])[0] : expr;
  const v: unknown = evalExpr(obj, arg, options);
  if (!Array.isArray(v))
    throw fail(17124, `The argument to $size must be an array. Type of argument: ${bsonTypeName(v)}`);
  return v.length;
};

/**
 * `$getField` reads only what the document itself holds: mingo indexed the input as a JavaScript
 * object, so `constructor` or `__proto__` gave the prototype's members (a function, which BSON
 * cannot even store). As in mongod, a null or missing input gives null, any other value that is not
 * a document gives missing, and `input` defaults to the current document only when it is not given
 * (mingo also used the current document for an input that evaluated to null).
 */
const $getField: ExprOp = (obj, expr, options) => {
  const spec = typeof expr === 'object' && expr !== null ? (expr as Obj) : { field: expr };
  const field: unknown = evalExpr(obj, spec.field, options);
  if (typeof field !== 'string') return delegate('$getField')(obj, expr, options);
  const input: unknown = Object.hasOwn(spec, 'input') ? evalExpr(obj, spec.input, options) : obj;
  if (input === null || input === undefined) return null;
  if (bsonTypeName(input) !== 'object') return undefined;
  return Object.hasOwn(input, field) ? (input as Obj)[field] : undefined;
};

export const expressionFixes: Record<string, ExprOp> = {
  $getField,
  $size,
  $concatArrays,
  $divide,
  $ceil: rounding('$ceil'),
  $floor: rounding('$floor'),
  $toUpper: caseOf('$toUpper'),
  $toLower: caseOf('$toLower'),
  $concat,
  $first: endOf('$first'),
  $last: endOf('$last'),
};
