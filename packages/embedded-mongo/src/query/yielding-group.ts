import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { Yielder } from '../server/yielding.js';
import { GroupCollector } from './group-stage.js';
import { BucketCollector } from './bucket-stage.js';
import { FoldOf, TermsOf, isFolding } from './folding-accumulators.js';

type Doc = Record<string, unknown>;

/**
 * `$group` accumulators whose result over all documents is the same accumulator over the results
 * of consecutive batches (the second name). `$count` per batch becomes a `$sum` of the counts.
 */
const MERGED_BY: Record<string, string> = {
  $count: '$sum',
  $min: '$min',
  $max: '$max',
  $first: '$first',
  $last: '$last',
};

/**
 * A `$group` field's accumulator split for running batch by batch: `partial` over each batch,
 * `merge` over the partial results (in batch order) for the answer, `carry` over them for a
 * partial result standing for all those batches. The folding accumulators (`$sum`, `$avg`, the
 * standard deviations) hand over each batch's values and fold them in order, so that the answer
 * is the one-go answer (folding-accumulators.ts). undefined: the accumulator does not split.
 */
export function splitAccumulator(
  field: string,
  acc: unknown,
): { partial: Doc; merge: Doc; carry: Doc } | undefined {
  const op = accumulatorOf(acc);
  if (op === undefined || field.includes('.')) return undefined;
  const expr = (acc as Doc)[op];
  if (isFolding(op))
    return {
      partial: { [op]: new TermsOf(expr) },
      merge: { [op]: `$${field}` },
      carry: { [op]: new FoldOf(`$${field}`) },
    };
  const mergeOp = MERGED_BY[op];
  if (!mergeOp) return undefined;
  return { partial: { [op]: expr }, merge: { [mergeOp]: `$${field}` }, carry: { [mergeOp]: `$${field}` } };
}

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

/** The constant `n` of an accumulator keeping n values (1 for `$top`/`$bottom`), or undefined. */
function constantN(op: string, spec: unknown): number | undefined {
  if (op === '$top' || op === '$bottom') return 1;
  const n = spec && typeof spec === 'object' ? (spec as Doc).n : undefined;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** The accumulator `$topN`/`$bottomN` standing for each of those that pick by a sort. */
const BY_SORT: Record<string, string> = {
  $topN: '$topN',
  $top: '$topN',
  $bottomN: '$bottomN',
  $bottom: '$bottomN',
};

/**
 * The documents an accumulator keeping n of them still needs, of those kept so far followed by the
 * next ones: the first or last n, or the n first in its sort order (whose output is computed at
 * the end). undefined: the accumulator is not one of those (or its n is not a constant).
 */
function keptDocuments(op: string, spec: unknown, docs: Doc[], options: Options): Doc[] | undefined {
  const n = constantN(op, spec);
  if (n === undefined) return undefined;
  if (op === '$firstN') return docs.slice(0, n);
  if (op === '$lastN') return docs.slice(-n);
  const sortOp = BY_SORT[op];
  if (!sortOp) return undefined;
  const sortBy = (spec as Doc).sortBy;
  return evalExpr(docs, { [sortOp]: { n, sortBy, output: '$$ROOT' } }, options) as Doc[];
}

/**
 * One accumulator over a group's documents. Over a large group, with pauses between chunks of
 * documents: the folding accumulators (`$sum`, `$avg`, `$stdDevPop`, `$stdDevSamp`) fold chunk
 * after chunk into one carried state; those keeping n documents (`$firstN`, `$lastN`, `$topN`,
 * `$bottomN`, `$top`, `$bottom`) keep, chunk after chunk, the documents that can still be among
 * the n, and compute their output over those at the end; `$push`, `$addToSet`, `$mergeObjects`,
 * `$maxN`, `$minN` and the MERGED_BY ones are computed chunk by chunk and then combined: the pushed
 * arrays joined in order, the others through the same accumulator over the partial results (in
 * order: a later field wins in `$mergeObjects`). Others (`$median`, `$percentile`...) run in one go.
 */
async function accumulate(docs: Doc[], acc: Doc, options: Options, yielder: Yielder): Promise<unknown> {
  const op = accumulatorOf(acc) ?? '';
  if (docs.length <= CHUNK) return evalExpr(docs, acc, options);
  if (isFolding(op)) return fold(op, acc[op], docs, options, yielder);
  if (keptDocuments(op, acc[op], [], options) !== undefined) {
    let kept: Doc[] = [];
    for (let from = 0; from < docs.length; from += CHUNK) {
      kept = keptDocuments(op, acc[op], kept.concat(docs.slice(from, from + CHUNK)), options) ?? [];
      if (yielder.tick(CHUNK)) await yielder.pause();
    }
    return evalExpr(kept, acc, options);
  }
  const valuesN = (op === '$maxN' || op === '$minN') && constantN(op, acc[op]) !== undefined;
  const chunked =
    op === '$push' || op === '$addToSet' || op === '$mergeObjects' || valuesN || op in MERGED_BY;
  if (!chunked) return evalExpr(docs, acc, options);
  const partials: unknown[] = [];
  for (let from = 0; from < docs.length; from += CHUNK) {
    partials.push(evalExpr(docs.slice(from, from + CHUNK), acc, options));
    if (yielder.tick(CHUNK)) await yielder.pause();
  }
  if (op === '$push') return (partials as unknown[][]).flat(1);
  const flat = op === '$addToSet' || valuesN;
  const merged = (flat ? (partials as unknown[][]).flat(1) : partials).map((v) => ({ v }));
  if (valuesN) return evalExpr(merged, { [op]: { n: constantN(op, acc[op]), input: '$v' } }, options);
  const mergeOp = MERGED_BY[op] ?? op;
  return evalExpr(merged, { [mergeOp]: '$v' }, options);
}

/** A folding accumulator over a large group: each chunk's values folded into the carried state. */
async function fold(op: string, expr: unknown, docs: Doc[], options: Options, yielder: Yielder) {
  let carried: Doc[] = [];
  for (let from = 0; from < docs.length; from += CHUNK) {
    const terms = evalExpr(docs.slice(from, from + CHUNK), { [op]: new TermsOf(expr) }, options);
    carried = [{ v: evalExpr([...carried, { v: terms }], { [op]: new FoldOf('$v') }, options) }];
    if (yielder.tick(CHUNK)) await yielder.pause();
  }
  return evalExpr(carried, { [op]: '$v' }, options);
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
