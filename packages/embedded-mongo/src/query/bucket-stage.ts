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
 * `$bucket`'s documents by bucket, in the order mongod writes the buckets: each document under the
 * lower boundary of its bucket, or under `default`; a document outside every bucket with no
 * `default` fails with 40066, as mongod's own `$switch` over the boundaries does. `groupBy` is
 * evaluated once per document: one `$switch` branch per boundary, evaluating it twice each, cost
 * 2,000 documents × 500 boundaries seven seconds of a server that serves one request at a time.
 */
export class BucketCollector {
  private readonly spec: ReturnType<typeof parseBucket>;
  private readonly buckets: (Doc[] | undefined)[] = [];
  private readonly outside: Doc[] = [];

  constructor(
    expr: unknown,
    private readonly options: Options,
  ) {
    this.spec = parseBucket(expr, options);
  }

  /** The accumulators of each bucket (`output`, with `count` when it names none). */
  get output(): Doc {
    return this.spec.output;
  }

  add(doc: Doc): void {
    const { groupBy, boundaries, fallback } = this.spec;
    const i = bucketIndex(boundaries, evalExpr(doc, groupBy, this.options));
    if (i >= 0) (this.buckets[i] ??= []).push(doc);
    else if (fallback) this.outside.push(doc);
    else throw noMatchingBranch();
  }

  /**
   * Only buckets holding documents, ordered by `_id` (mongod runs a `$group` then a `$sort`; the
   * `default` sorts before or after every boundary, being of another type or outside their range).
   */
  groups(): { id: unknown; docs: Doc[] }[] {
    const { boundaries, fallback } = this.spec;
    const out: { id: unknown; docs: Doc[] }[] = [];
    this.buckets.forEach((docs, i) => {
      if (docs) out.push({ id: boundaries[i], docs });
    });
    if (fallback && this.outside.length > 0) {
      const group = { id: fallback.value, docs: this.outside };
      if (compareValues(fallback.value, boundaries[0]) < 0) out.unshift(group);
      else out.push(group);
    }
    return out;
  }
}

/** `$bucket` as mongod answers it (https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucket/). */
export const $bucket = (coll: Iterator, expr: unknown, options: Options): Iterator => {
  const collector = new BucketCollector(expr, options);
  const fields = Object.keys(collector.output);
  return coll.transform((items: unknown[]) => {
    for (const doc of items as Doc[]) collector.add(doc);
    return Lazy(
      collector.groups().map(({ id, docs }) => {
        const result: Doc = { _id: id };
        for (const field of fields) result[field] = evalExpr(docs, collector.output[field], options);
        return result;
      }),
    );
  });
};
