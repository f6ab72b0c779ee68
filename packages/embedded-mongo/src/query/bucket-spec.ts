import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { compareValues, typeRank } from '../bson/compare.js';
import { locationError } from '../errors.js';
import { bsonTypeName } from './expression-fixes.js';
import { mongodText } from './mongod-text.js';

type Doc = Record<string, unknown>;

/** A `$bucket` stage as parsed: boundaries evaluated, checked and in ascending order. */
export type BucketSpec = {
  groupBy: unknown;
  boundaries: unknown[];
  /** Present when the stage names a `default` bucket (its value may be null). */
  fallback?: { value: unknown };
  /** The accumulators of each bucket, `{count: {$sum: 1}}` unless the stage says otherwise. */
  output: Doc;
};

const fail = locationError;
const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** Operators whose value is not known before the pipeline runs, even over constant arguments. */
const VOLATILE = new Set(['$rand', '$function', '$accumulator', '$meta', '$getField', '$setField']);

/**
 * Whether an expression folds to a constant before any document is read, as mongod's optimizer
 * folds it: no field path or variable (`"$x"`, `"$$v"`) anywhere outside `$literal`, no operator
 * whose value changes from run to run.
 */
function isConstant(expr: unknown): boolean {
  if (typeof expr === 'string') return !expr.startsWith('$');
  if (Array.isArray(expr)) return expr.every(isConstant);
  if (!isPlain(expr)) return true;
  const first = Object.keys(expr)[0];
  if (first === '$literal') return true;
  if (first?.startsWith('$') && VOLATILE.has(first)) return false;
  return Object.values(expr).every(isConstant);
}

/** The value of a constant expression (literal values as they are, documents and operators evaluated). */
function constantValue(expr: unknown, options: Options): unknown {
  if (!isPlain(expr) && !Array.isArray(expr)) return expr;
  return evalExpr({}, expr, options);
}

function checkGroupBy(groupBy: unknown): void {
  const isPath = typeof groupBy === 'string' && groupBy.startsWith('$');
  const isExpression = isPlain(groupBy) && (Object.keys(groupBy)[0] ?? '').startsWith('$');
  if (!isPath && !isExpression)
    throw fail(
      40202,
      `The $bucket 'groupBy' field must be defined as a $-prefixed path or an expression, but found: ${mongodText(groupBy, true)}.`,
    );
}

function parseBoundaries(arg: unknown, options: Options): unknown[] {
  if (!Array.isArray(arg))
    throw fail(
      40200,
      `The $bucket 'boundaries' field must be an array, but found type: ${bsonTypeName(arg)}.`,
    );
  const values = (arg as unknown[]).map((item) => {
    if (!isConstant(item))
      throw fail(
        40191,
        `The $bucket 'boundaries' field must be an array of constant values, but found value: ${mongodText(item, true)}.`,
      );
    return constantValue(item, options);
  });
  if (values.length < 2)
    throw fail(
      40192,
      `The $bucket 'boundaries' field must have at least 2 values, but found ${String(values.length)} value(s).`,
    );
  // Unique, ascending and of one type (numbers of every width are one type): the bucket of a
  // document is then found by binary search, and each boundary names at most one bucket.
  for (let i = 1; i < values.length; i++) {
    const lower = values[i - 1];
    const upper = values[i];
    if (typeRank(lower) !== typeRank(upper))
      throw fail(
        40193,
        `All values in the the 'boundaries' option to $bucket must have the same type. Found conflicting types ${bsonTypeName(lower)} and ${bsonTypeName(upper)}.`,
      );
    if (compareValues(lower, upper) >= 0)
      throw fail(
        40194,
        `The 'boundaries' option to $bucket must be sorted, but elements ${String(i - 1)} and ${String(i)} are not in ascending order (${mongodText(lower)} is not less than ${mongodText(upper)}).`,
      );
  }
  return values;
}

/**
 * Parses a `$bucket` stage as mongod does, in the order it reads the fields, before any document
 * is read (https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucket/): boundaries
 * and `default` must be constants, boundaries at least two, of one type and strictly ascending,
 * and a `default` of their type must lie outside [first, last).
 */
export function parseBucket(spec: unknown, options: Options): BucketSpec {
  if (!isPlain(spec))
    throw fail(40201, `Argument to $bucket stage must be an object, but found type: ${bsonTypeName(spec)}.`);
  let groupBy: unknown;
  let boundaries: unknown[] | undefined;
  let fallback: { value: unknown } | undefined;
  let output: Doc | undefined;
  for (const [name, arg] of Object.entries(spec)) {
    if (name === 'groupBy') {
      checkGroupBy(arg);
      groupBy = arg;
    } else if (name === 'boundaries') boundaries = parseBoundaries(arg, options);
    else if (name === 'default') {
      if (!isConstant(arg))
        throw fail(
          40195,
          `The $bucket 'default' field must be a constant expression, but found: ${mongodText(arg, true)}.`,
        );
      fallback = { value: constantValue(arg, options) };
    } else if (name === 'output') {
      if (!isPlain(arg))
        throw fail(
          40196,
          `The $bucket 'output' field must be an object, but found type: ${bsonTypeName(arg)}.`,
        );
      output = arg;
    } else throw fail(40197, `Unrecognized option to $bucket: ${name}.`);
  }
  if (groupBy === undefined || boundaries === undefined)
    throw fail(40198, "$bucket requires 'groupBy' and 'boundaries' to be specified.");
  const lowest = boundaries[0];
  const highest = boundaries[boundaries.length - 1];
  if (
    fallback &&
    typeRank(fallback.value) === typeRank(lowest) &&
    compareValues(fallback.value, lowest) >= 0 &&
    compareValues(fallback.value, highest) < 0
  )
    throw fail(
      40199,
      "The $bucket 'default' field must be less than the lowest boundary or greater than or equal to the highest boundary.",
    );
  return { groupBy, boundaries, fallback, output: output ?? { count: { $sum: 1 } } };
}
