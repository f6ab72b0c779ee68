import { evalExpr } from 'mingo/core';
import { locationError } from '../errors.js';
import { isBsonNumber } from '../bson/exact-number.js';
import { bsonTypeName, delegate, type ExprOp } from './expression-fixes.js';

/**
 * Arguments mongod refuses with an operator's own error code, where mingo answered the generic 2
 * or a null (checked against the operator pages of
 * https://www.mongodb.com/docs/manual/reference/operator/aggregation/): `$mod` by zero (16610), `$size` of a non-array (17124), `$in` without an array (40081).
 * Valid arguments go on to mingo's operator.
 */
const fail = locationError;

const isNumber = isBsonNumber;
const isZero = (v: unknown) => isNumber(v) && Number(typeof v === 'number' ? v : String(v)) === 0;
const args = (expr: unknown): unknown[] => (Array.isArray(expr) ? expr : [expr]);
const single = (expr: unknown): unknown => (Array.isArray(expr) && expr.length === 1 ? expr[0] : expr);

const $mod: ExprOp = (obj, expr, options) => {
  const divisor = args(expr)[1];
  if (divisor !== undefined && isZero(evalExpr(obj, divisor, options)))
    throw fail(16610, "can't $mod by zero");
  return delegate('$mod')(obj, expr, options);
};

const $size: ExprOp = (obj, expr, options) => {
  const v: unknown = evalExpr(obj, single(expr), options);
  if (!Array.isArray(v))
    throw fail(17124, `The argument to $size must be an array. Type of argument: ${bsonTypeName(v)}`);
  return v.length;
};

const $in: ExprOp = (obj, expr, options) => {
  const list = args(expr)[1];
  const v: unknown = list === undefined ? undefined : evalExpr(obj, list, options);
  if (!Array.isArray(v))
    throw fail(40081, `$in requires an array as a second argument, found: ${bsonTypeName(v)}`);
  return delegate('$in')(obj, expr, options);
};

export const expressionArgumentChecks: Record<string, ExprOp> = { $mod, $size, $in };
