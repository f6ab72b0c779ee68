import { Aggregator } from 'mingo/aggregator';
import { toCommandError } from '../errors.js';
import { Yielder, YIELD_EVERY_DOCS } from '../server/yielding.js';

/**
 * Documents per batch of the per-document stages: small enough that one batch (decode, stages,
 * partial `$group`) is well under a millisecond or two of work, so the Yielder can pause often.
 */
const BATCH = 250;
import { withDeadline } from '../server/deadline.js';

type Doc = Record<string, unknown>;
type Options = ConstructorParameters<typeof Aggregator>[1];

/** Stages that map each document on its own: run batch by batch, with pauses between batches. */
const PER_DOCUMENT = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$unwind',
  '$replaceRoot',
  '$replaceWith',
]);

/**
 * `$group` accumulators whose result over all documents is the same accumulator over the results
 * of consecutive batches (the second name): such a `$group` runs per batch, and once more over the
 * batch results. `$count` per batch becomes a `$sum` of the counts.
 */
const MERGED_BY: Record<string, string> = {
  $sum: '$sum',
  $count: '$sum',
  $min: '$min',
  $max: '$max',
  $first: '$first',
  $last: '$last',
};

/** The per-batch and merging `$group` stages of a decomposable `$group`, or null. */
function splitGroup(stage: Doc | undefined): { partial: Doc; merge: Doc } | null {
  const spec = stage?.$group as Doc | undefined;
  if (!spec || typeof spec !== 'object' || !('_id' in spec)) return null;
  const merge: Doc = { _id: '$_id' };
  for (const [field, acc] of Object.entries(spec)) {
    if (field === '_id') continue;
    if (!acc || typeof acc !== 'object' || Object.keys(acc).length !== 1) return null;
    const op = Object.keys(acc)[0] ?? '';
    const mergeOp = MERGED_BY[op];
    if (!mergeOp || field.includes('.')) return null;
    merge[field] = { [mergeOp]: `$${field}` };
  }
  return { partial: { $group: spec }, merge: { $group: merge } };
}

/** Documents read for a pipeline, decoded only when a batch takes them. */
export type LazyDocs = { length: number; slice(from: number, to: number): Doc[] };

export function lazyDocs<T>(items: T[], decode: (item: T) => Doc | undefined): LazyDocs {
  return {
    length: items.length,
    slice: (from, to) => {
      const docs: Doc[] = [];
      for (const item of items.slice(from, to)) {
        const doc = decode(item);
        if (doc) docs.push(doc);
      }
      return docs;
    },
  };
}

function run(stages: Doc[], options: Options, input: Iterable<Doc>): Doc[] {
  if (stages.length === 0) return [...input];
  try {
    return new Aggregator(stages, options).run<Doc>(withDeadline(input));
  } catch (err) {
    throw toCommandError(err);
  }
}

/**
 * Runs a pipeline over documents already read, pausing between batches so other connections are
 * served (Yielder): the leading per-document stages, and a following `$group` whose accumulators
 * merge (MERGED_BY), run batch by batch; what comes after runs on their (usually far smaller)
 * output in one go. Any other stage at the front (`$sort`, `$lookup`, other accumulators) makes the
 * whole pipeline run in one go, as before.
 */
export async function runPipelineYielding(stages: Doc[], options: Options, input: LazyDocs): Promise<Doc[]> {
  let cut = 0;
  while (cut < stages.length && PER_DOCUMENT.has(Object.keys(stages[cut] ?? {})[0] ?? '')) cut++;
  const group = splitGroup(stages[cut]);
  const perBatch = group ? [...stages.slice(0, cut), group.partial] : stages.slice(0, cut);
  const after = group ? [group.merge, ...stages.slice(cut + 1)] : stages.slice(cut);
  if (perBatch.length === 0 || input.length <= YIELD_EVERY_DOCS)
    return run(stages, options, await readAll(input));
  const yielder = new Yielder();
  let batchResults: Doc[] = [];
  // Group results are merged as they pile up, so the last step stays short too; not when the
  // groups barely merge (nearly one group per document), where it would only repeat work.
  let collapse = group !== null;
  for (let from = 0; from < input.length; from += BATCH) {
    const out = run(perBatch, options, input.slice(from, from + BATCH));
    for (const doc of out) batchResults.push(doc);
    if (collapse && group && batchResults.length >= YIELD_EVERY_DOCS) {
      const merged = run([group.merge], options, batchResults);
      collapse = merged.length <= batchResults.length / 2;
      batchResults = merged;
    }
    if (yielder.tick(BATCH)) await yielder.pause();
  }
  return run(after, options, batchResults);
}

/** Every document, decoded in batches with pauses between them, for stages that need them all. */
async function readAll(input: LazyDocs): Promise<Doc[]> {
  const yielder = new Yielder();
  const docs: Doc[] = [];
  for (let from = 0; from < input.length; from += BATCH) {
    for (const doc of input.slice(from, from + BATCH)) docs.push(doc);
    if (yielder.tick(BATCH)) await yielder.pause();
  }
  return docs;
}
