import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { Yielder } from '../server/yielding.js';
import { GroupCollector } from './group-stage.js';
import { BucketCollector } from './bucket-stage.js';

type Doc = Record<string, unknown>;

/**
 * `$group` accumulators whose result over all documents is the same accumulator over the results
 * of consecutive batches (the second name). `$count` per batch becomes a `$sum` of the counts.
 */
export const MERGED_BY: Record<string, string> = {
  $sum: '$sum',
  $count: '$sum',
  $min: '$min',
  $max: '$max',
  $first: '$first',
  $last: '$last',
};

/** Documents of one group accumulated in one go; a larger group goes chunk by chunk where it can. */
const CHUNK = 500;

/** The single accumulator operator of a `$group` field, or undefined when the field is not one. */
function accumulatorOf(acc: unknown): string | undefined {
  if (!acc || typeof acc !== 'object' || Array.isArray(acc)) return undefined;
  const ops = Object.keys(acc);
  return ops.length === 1 ? ops[0] : undefined;
}

/** Whether a `$group` specification is one the yielding form answers (else mingo's checks run). */
export function isPlainGroup(spec: unknown): spec is Doc {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec) || !('_id' in spec)) return false;
  return Object.entries(spec as Doc).every(
    ([field, acc]) =>
      field === '_id' || (!field.includes('.') && !field.startsWith('$') && accumulatorOf(acc)),
  );
}

/**
 * One accumulator over a group's documents. Over a large group, `$push` and `$addToSet` (and the
 * MERGED_BY ones) are computed chunk by chunk with pauses between chunks, then combined: the
 * pushed arrays joined in order, the sets (and partial results) through the same accumulator over
 * the partial results. Others (`$avg`, `$stdDevPop`, `$mergeObjects`, `$topN`...) run in one go.
 */
async function accumulate(docs: Doc[], acc: Doc, options: Options, yielder: Yielder): Promise<unknown> {
  const op = accumulatorOf(acc) ?? '';
  const chunked = op === '$push' || op === '$addToSet' || op in MERGED_BY;
  if (!chunked || docs.length <= CHUNK) return evalExpr(docs, acc, options);
  const partials: unknown[] = [];
  for (let from = 0; from < docs.length; from += CHUNK) {
    partials.push(evalExpr(docs.slice(from, from + CHUNK), acc, options));
    if (yielder.tick(CHUNK)) await yielder.pause();
  }
  if (op === '$push') return (partials as unknown[][]).flat(1);
  const merged = op === '$addToSet' ? (partials as unknown[][]).flat(1) : partials;
  const mergeOp = op === '$addToSet' ? '$addToSet' : (MERGED_BY[op] ?? op);
  return evalExpr(
    merged.map((v) => ({ v })),
    { [mergeOp]: '$v' },
    options,
  );
}

/**
 * `$group` (isPlainGroup) over documents already read, with pauses for other connections: keys
 * are evaluated document by document, then each group's accumulators (see accumulate). Same
 * groups, keys and order as the one-go stage (group-stage.ts), whose key equality it shares.
 */
export async function groupYielding(input: Doc[], spec: Doc, partial: Partial<Options>): Promise<Doc[]> {
  // evalExpr completes partial options itself (as mingo's stages receive them).
  const options = partial as Options;
  const collector = new GroupCollector(spec, options);
  const yielder = await collectYielding(input, collector);
  const { _id, ...output } = spec;
  return accumulateGroups(collector.groups.values(), output, options, yielder);
}

/**
 * `$bucket` over documents already read, with pauses: the buckets (and their order) of the one-go
 * stage (bucket-stage.ts), then each bucket's accumulators as groupYielding's.
 */
export async function bucketYielding(input: Doc[], spec: unknown, partial: Partial<Options>): Promise<Doc[]> {
  const options = partial as Options;
  const collector = new BucketCollector(spec, options);
  const yielder = await collectYielding(input, collector);
  return accumulateGroups(collector.groups(), collector.output, options, yielder);
}

/** Every document added to its group, with pauses; the Yielder goes on into the accumulation. */
async function collectYielding(input: Doc[], collector: { add(doc: Doc): void }): Promise<Yielder> {
  const yielder = new Yielder();
  for (const doc of input) {
    collector.add(doc);
    if (yielder.tick()) await yielder.pause();
  }
  return yielder;
}

/** `{_id, ...accumulated fields}` for each group, with pauses between chunks of work. */
export async function accumulateGroups(
  groups: Iterable<{ id: unknown; docs: Doc[] }>,
  output: Doc,
  options: Options,
  yielder: Yielder,
): Promise<Doc[]> {
  const out: Doc[] = [];
  for (const { id, docs } of groups) {
    const result: Doc = { _id: id };
    for (const [field, acc] of Object.entries(output))
      result[field] = await accumulate(docs, acc as Doc, options, yielder);
    out.push(result);
    if (yielder.tick(Math.min(docs.length, CHUNK))) await yielder.pause();
  }
  return out;
}
