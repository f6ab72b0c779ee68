import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { $push } from 'mingo/operators/accumulator';
import { compareValues } from '../bson/compare.js';
import { approximate } from '../bson/exact-number.js';
import { locationError } from '../errors.js';
import { numKind } from './exact-arithmetic.js';
import { bsonTypeName, type ExprOp } from './expression-fixes.js';
import { parseSort, sortDocs } from './sort.js';

/**
 * The accumulators that share their name with an expression operator (`$mergeObjects`, `$maxN`,
 * `$minN`, `$firstN`, `$lastN`) and those picking documents by a sort (`$topN`, `$bottomN`,
 * `$top`, `$bottom`), as mongod's group stage runs them
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/maxN/ and its siblings):
 * each document's value computed from the accumulator's expression, whatever that expression is.
 * mingo looks an operator up among the expressions before the accumulators, so inside `$group` it
 * ran the expression form over the whole group (a field path happened to work, a computed
 * expression failed with a type error or gave a wrong answer), and its `$top`/`$bottom` answered
 * a one-element array.
 */
type Doc = Record<string, unknown>;
type Accumulator = (collection: Doc[], expr: unknown, options: Options) => unknown;

/** Each document's value of `expr`, a missing one as null (mingo's `$push`). */
const valuesOf = (docs: Doc[], expr: unknown, options: Options): unknown[] => $push(docs, expr, options);

/**
 * `n` of a `$…N` accumulator, checked as mongod's AccumulatorN: a number with a whole value,
 * above 0. It is evaluated once per group, against no document (a constant, or variables).
 */
function nOf(spec: Doc, options: Options): number {
  const n: unknown = evalExpr({}, spec.n, options);
  if (numKind(n) === undefined)
    throw locationError(5787902, `Value for 'n' must be of integral type, but found ${String(n)}`);
  const value = approximate(n);
  if (!Number.isInteger(value))
    throw locationError(5787903, `Value for 'n' must be of integral type, but found ${String(value)}`);
  if (value <= 0) throw locationError(5787908, `'n' must be greater than 0, found ${String(value)}`);
  return value;
}

const specOf = (expr: unknown): Doc => (expr && typeof expr === 'object' ? (expr as Doc) : {});

/** A value as the error message shows it (mongod writes the value out; enough to recognise it). */
const inputText = (v: unknown): string => JSON.stringify(v);

/** `$mergeObjects`: the documents' values merged in order (a later field wins); null/missing skipped. */
const $mergeObjects: Accumulator = (docs, expr, options) => {
  const out: Doc = {};
  for (const v of valuesOf(docs, expr, options)) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'object' || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype)
      throw locationError(
        40400,
        `$mergeObjects requires object inputs, but input ${inputText(v)} is of type ${bsonTypeName(v)}`,
      );
    for (const [k, field] of Object.entries(v as Doc)) if (field !== undefined) out[k] = field;
  }
  return out;
};

/** `$firstN`/`$lastN`: the values of the first or last n documents, null kept. */
const endN =
  (last: boolean): Accumulator =>
  (docs, expr, options) => {
    const spec = specOf(expr);
    const n = nOf(spec, options);
    return valuesOf(last ? docs.slice(-n) : docs.slice(0, n), spec.input, options);
  };

/** `$maxN`/`$minN`: the n largest or smallest values in BSON order, null and missing left out. */
const extremeN =
  (sign: 1 | -1): Accumulator =>
  (docs, expr, options) => {
    const spec = specOf(expr);
    const n = nOf(spec, options);
    return valuesOf(docs, spec.input, options)
      .filter((v) => v !== null && v !== undefined)
      .sort((a, b) => compareValues(b, a) * sign)
      .slice(0, n);
  };

/**
 * `$topN`/`$bottomN` (and `$top`/`$bottom`, one value rather than an array): `output` of the first
 * or last n documents in `sortBy` order (BSON order, arrays by their smallest or largest element,
 * as `$sort`), listed in that order.
 */
const bySort =
  (bottom: boolean, single: boolean): Accumulator =>
  (docs, expr, options) => {
    const spec = specOf(expr);
    const n = single ? 1 : nOf(spec, options);
    const sorted = sortDocs(docs, parseSort(spec.sortBy));
    const kept = bottom ? sorted.slice(-n) : sorted.slice(0, n);
    const values = valuesOf(kept, spec.output, options);
    return single ? values[0] : values;
  };

export const nAccumulators: Record<string, Accumulator> = {
  $mergeObjects,
  $firstN: endN(false),
  $lastN: endN(true),
  $maxN: extremeN(1),
  $minN: extremeN(-1),
  $topN: bySort(false, false),
  $bottomN: bySort(true, false),
  $top: bySort(false, true),
  $bottom: bySort(true, true),
};

/**
 * The expression operators named as one of these accumulators, answering as the accumulator when
 * they are given a group's documents (an array) rather than one document: the form mingo reaches
 * first when `$group`, `$bucket` or a window evaluates the accumulator.
 */
export function accumulatorForms(expressions: Record<string, ExprOp>): Record<string, ExprOp> {
  const forms: Record<string, ExprOp> = {};
  for (const [name, accumulator] of Object.entries(nAccumulators)) {
    const expression = expressions[name];
    if (!expression) continue;
    forms[name] = (obj, expr, options) =>
      Array.isArray(obj) ? accumulator(obj as Doc[], expr, options) : expression(obj, expr, options);
  }
  return forms;
}
