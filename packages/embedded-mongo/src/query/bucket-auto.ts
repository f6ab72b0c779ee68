import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { compareValues } from '../bson/compare.js';
import { Yielder } from '../server/yielding.js';
import { accumulateGroups } from './yielding-group.js';
import { sortYielding } from './yielding-sort.js';

type Doc = Record<string, unknown>;
type Keyed = { key: unknown; doc: Doc };
type Bucket = { id: Doc; docs: Doc[] };

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * `$bucketAuto` without `granularity`
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucketAuto/): `groupBy`
 * evaluated once per document (a missing value is null), the documents sorted by it in BSON order
 * (the order `$sort` uses), then cut into `buckets` runs of about the same size, never splitting
 * equal values; each bucket's `_id` is `{min, max}`, `max` being the next bucket's `min` (the
 * last bucket's greatest value for the last), and its other fields the `output` accumulators
 * (`count: {$sum: 1}` when none is given). Undefined for a specification it does not take (a
 * `granularity`, a malformed one): mingo's stage answers those, with its checks.
 */
function parseBucketAuto(spec: unknown): { groupBy: unknown; count: number; output: Doc } | undefined {
  if (!isPlain(spec)) return undefined;
  const { groupBy, buckets, output, ...rest } = spec;
  if (
    Object.keys(rest).length > 0 ||
    typeof buckets !== 'number' ||
    !Number.isInteger(buckets) ||
    buckets <= 0 ||
    buckets >= 2 ** 31 ||
    !(typeof groupBy === 'string' ? groupBy.startsWith('$') : isPlain(groupBy)) ||
    (output !== undefined && !isPlain(output))
  )
    return undefined;
  return { groupBy, count: buckets, output: output ?? { count: { $sum: 1 } } };
}

const byKey = (a: Keyed, b: Keyed) => compareValues(a.key, b.key);

/** Sorted documents cut into at most `count` buckets of about equal size, equal keys together. */
function cut(sorted: Keyed[], count: number): Bucket[] {
  const size = Math.max(1, Math.round(sorted.length / count));
  const out: Bucket[] = [];
  let i = 0;
  while (i < sorted.length) {
    const last = out.length === count - 1;
    const docs: Doc[] = [];
    const min = sorted[i]?.key;
    while (
      i < sorted.length &&
      (last || docs.length < size || compareValues(sorted[i - 1]?.key, sorted[i]?.key) === 0)
    )
      docs.push((sorted[i++] as Keyed).doc);
    const max = i < sorted.length ? sorted[i]?.key : sorted[i - 1]?.key;
    out.push({ id: { min, max }, docs });
  }
  return out;
}

/** The stage in one go (inputs small enough to run through mingo at once); undefined as above. */
export function bucketAutoNow(input: Doc[], spec: unknown, options: Options): Doc[] | undefined {
  const parsed = parseBucketAuto(spec);
  if (!parsed) return undefined;
  const keyed = input.map((doc) => ({ key: evalExpr(doc, parsed.groupBy, options) ?? null, doc }));
  return cut(keyed.sort(byKey), parsed.count).map(({ id, docs }) => ({
    _id: id,
    ...(evalExpr(docs, parsed.output, options) as Doc),
  }));
}

/** The stage over many documents, pausing for other connections while it evaluates, sorts and accumulates. */
export async function bucketAutoYielding(
  input: Doc[],
  spec: unknown,
  options: Options,
): Promise<Doc[] | undefined> {
  const parsed = parseBucketAuto(spec);
  if (!parsed) return undefined;
  const yielder = new Yielder();
  const keyed: Keyed[] = [];
  for (const doc of input) {
    keyed.push({ key: evalExpr(doc, parsed.groupBy, options) ?? null, doc });
    if (yielder.tick()) await yielder.pause();
  }
  const sorted = await sortYielding(keyed, byKey);
  return accumulateGroups(cut(sorted, parsed.count), parsed.output, options, yielder);
}
