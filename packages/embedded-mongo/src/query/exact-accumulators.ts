import type { Options } from 'mingo/types';
import { $push } from 'mingo/operators/accumulator';
import { compareValues } from '../bson/compare.js';
import { distinctValues } from './set-expressions.js';
import { foldingAccumulators } from './folding-accumulators.js';

type Obj = Record<string, unknown>;
type Accumulator = (collection: Obj[], expr: unknown, options: Options) => unknown;

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
  // $sum, $avg and the standard deviations: folding-accumulators.ts.
  ...foldingAccumulators,
};
