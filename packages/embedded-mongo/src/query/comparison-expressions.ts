import { evalExpr } from 'mingo/core';
import { MinKey } from 'bson';
import { compareValues } from '../bson/compare.js';
import { checkCount } from './expression-arity.js';
import type { ExprOp } from './expression-fixes.js';

/**
 * `$cmp`, `$eq`, `$ne`, `$gt`, `$gte`, `$lt` and `$lte` as aggregation expressions
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/cmp/, .../eq/, ...): both
 * values are compared in BSON order across types (any number is greater than null, any string
 * greater than any number), numbers by exact value across int32/int64/double/decimal, and a missing
 * value is below null, so `{$eq: ["$missing", null]}` is false and `{$gt: [1, "$missing"]}` true,
 * as in mongod (its values compare missing as a type of its own). mingo compared across types with
 * JavaScript's operators (`{$gt: [3, null]}` was false).
 */
function compareExpressionValues(a: unknown, b: unknown): number {
  if (a !== undefined && b !== undefined) return compareValues(a, b);
  if (a === b) return 0;
  // Only MinKey is below a missing value.
  if (a === undefined) return b instanceof MinKey ? 1 : -1;
  return a instanceof MinKey ? -1 : 1;
}

const comparison =
  (name: string, answer: (c: number) => unknown): ExprOp =>
  (obj, expr, options) => {
    checkCount(name, expr);
    const [a, b] = (expr as unknown[]).map((arg): unknown => evalExpr(obj, arg, options));
    return answer(compareExpressionValues(a, b));
  };

export const comparisonExpressions: Record<string, ExprOp> = {
  $cmp: comparison('$cmp', (c) => Math.sign(c)),
  $eq: comparison('$eq', (c) => c === 0),
  $ne: comparison('$ne', (c) => c !== 0),
  $gt: comparison('$gt', (c) => c > 0),
  $gte: comparison('$gte', (c) => c >= 0),
  $lt: comparison('$lt', (c) => c < 0),
  $lte: comparison('$lte', (c) => c <= 0),
};
