import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { compareValues } from '../bson/compare.js';
import { Yielder } from '../server/yielding.js';
import { accumulateGroups } from './yielding-group.js';
import { sortYielding } from './yielding-sort.js';

type Doc = Record<string, unknown>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * `$bucketAuto` without `granularity`
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucketAuto/) over many
 * documents, pausing for other connections: `groupBy` evaluated once per document (a missing
 * value is null), the documents sorted by it in BSON order, then cut into `buckets` runs of about
 * the same size, never splitting equal values; each bucket's `_id` is `{min, max}`, `max` being
 * the next bucket's `min` (the last bucket's greatest value for the last), and its fields the
 * `output` accumulators (`count: {$sum: 1}` when none is given). Answers undefined for a
 * specification it does not take (a `granularity`, a malformed one), which mingo's stage answers
 * in one go, with its checks.
 */
export async function bucketAutoYielding(input: Doc[], spec: unknown, options: Options): Promise<Doc[] | undefined> {
  if (!isPlain(spec)) return undefined;
  const { groupBy, buckets, output, ...rest } = spec;
  const count = buckets;
  if (
    Object.keys(rest).length > 0 ||
    typeof count !== 'number' ||
    !Number.isInteger(count) ||
    count <= 0 ||
    count >= 2 ** 31 ||
    !(typeof groupBy === 'string' ? groupBy.startsWith('$') : isPlain(groupBy)) ||
    (output !== undefined && !isPlain(output))
  )
    return undefined;
  const yielder = new Yielder();
  const keyed: { key: unknown; doc: Doc }[] = [];
  for (const doc of input) {
    keyed.push({ key: evalExpr(doc, groupBy, options) ?? null, doc });
    if (yielder.tick()) await yielder.pause();
  }
  const sorted = await sortYielding(keyed, (a, b) => compareValues(a.key, b.key));
  return accumulateGroups(cut(sorted, count), output ?? { count: { $sum: 1 } }, options, yielder);
}

/** Sorted documents cut into at most `count` buckets of about equal size, equal keys together. */
function cut(sorted: { key: unknown; doc: Doc }[], count: number): { id: Doc; docs: Doc[] }[] {
  const size = Math.max(1, Math.round(sorted.length / count));
  const out: { id: Doc; docs: Doc[] }[] = [];
  let i = 0;
  while (i < sorted.length) {
    const last = out.length === count - 1;
    const docs: Doc[] = [];
    const min = sorted[i]?.key;
    while (
      i < sorted.length &&
      (last || docs.length < size || compareValues(sorted[i - 1]?.key, sorted[i]?.key) === 0)
    )
      docs.push((sorted[i++] as { doc: Doc }).doc);
    const max = i < sorted.length ? sorted[i]?.key : sorted[i - 1]?.key;
    out.push({ id: { min, max }, docs });
  }
  return out;
}
