import { evalExpr } from 'mingo/core';
import { Lazy, type Iterator } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { compareValues } from '../bson/compare.js';
import { noMatchingBranch } from './boolean-expressions.js';
import { parseBucket } from './bucket-spec.js';

type Doc = Record<string, unknown>;

/**
 * The bucket holding `key`: the index of the last boundary ≤ key, when key < the last boundary;
 * -1 outside. Boundaries are strictly ascending in the engine's BSON order (the one `$sort` uses:
 * numbers of every type by value, other types by mongod's type order), so a binary search finds
 * it in log2(boundaries) comparisons. A missing or null key is below every boundary.
 */
export function bucketIndex(boundaries: unknown[], key: unknown): number {
  const last = boundaries.length - 1;
  if (compareValues(key, boundaries[0]) < 0 || compareValues(key, boundaries[last]) >= 0) return -1;
  let low = 0;
  let high = last - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (compareValues(boundaries[mid], key) <= 0) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * `$bucket` as mongod answers it (https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucket/):
 * each document under the lower boundary of its bucket, or under `default`; a document outside
 * every bucket with no `default` fails with 40066, as mongod's own `$switch` over the boundaries
 * does. Only buckets holding documents are written, ordered by `_id` (mongod runs a `$group`
 * then a `$sort`; the `default` sorts before or after every boundary, being of another type or
 * outside their range). `groupBy` is evaluated once per document: one `$switch` branch per
 * boundary, evaluating it twice each, cost 2,000 documents × 500 boundaries seven seconds of a
 * server that serves one request at a time.
 */
export const $bucket = (coll: Iterator, expr: unknown, options: Options): Iterator => {
  const { groupBy, boundaries, fallback, output } = parseBucket(expr, options);
  const fields = Object.keys(output);
  const accumulate = (id: unknown, docs: Doc[]): Doc => {
    const result: Doc = { _id: id };
    for (const field of fields) result[field] = evalExpr(docs, output[field], options);
    return result;
  };
  return coll.transform((items: unknown[]) => {
    const buckets: (Doc[] | undefined)[] = [];
    const outside: Doc[] = [];
    for (const doc of items as Doc[]) {
      const i = bucketIndex(boundaries, evalExpr(doc, groupBy, options));
      if (i >= 0) (buckets[i] ??= []).push(doc);
      else if (fallback) outside.push(doc);
      else throw noMatchingBranch();
    }
    const out: Doc[] = [];
    buckets.forEach((docs, i) => {
      if (docs) out.push(accumulate(boundaries[i], docs));
    });
    if (fallback && outside.length > 0) {
      const before = compareValues(fallback.value, boundaries[0]) < 0;
      const result = accumulate(fallback.value, outside);
      if (before) out.unshift(result);
      else out.push(result);
    }
    return Lazy(out);
  });
};
