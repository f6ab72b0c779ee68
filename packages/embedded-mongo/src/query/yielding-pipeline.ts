import { Aggregator } from 'mingo/aggregator';
import { toCommandError } from '../errors.js';
import { withDeadline } from '../server/deadline.js';
import { Yielder, YIELD_EVERY_DOCS } from '../server/yielding.js';
import { parseSort, sortYieldingBy } from './sort.js';
import { pausingStage } from './paused-stages.js';
import { graphLookupYielding, graphSpec } from './yielding-graph-lookup.js';
import { prepareJoinIndex } from './join-index.js';
import { bucketYielding, groupYielding, isPlainGroup, splitAccumulator } from './yielding-group.js';

/**
 * Documents per batch of the per-document stages: small enough that one batch (decode, stages,
 * partial `$group`) is well under a millisecond or two of work, so the Yielder can pause often.
 */
const BATCH = 250;

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
  // Each document joins on its own (the foreign collection is read once per command).
  '$lookup',
]);

type SplitGroup = { partial: Doc; merge: Doc; carry: Doc };

/** The per-batch, merging and carrying `$group` stages of a decomposable `$group`, or null. */
function splitGroup(stage: Doc | undefined): SplitGroup | null {
  const spec = stage?.$group as Doc | undefined;
  if (!spec || typeof spec !== 'object' || !('_id' in spec)) return null;
  const partial: Doc = { _id: spec._id };
  const merge: Doc = { _id: '$_id' };
  const carry: Doc = { _id: '$_id' };
  for (const [field, acc] of Object.entries(spec)) {
    if (field === '_id') continue;
    const split = splitAccumulator(field, acc);
    if (!split) return null;
    partial[field] = split.partial;
    merge[field] = split.merge;
    carry[field] = split.carry;
  }
  return { partial: { $group: partial }, merge: { $group: merge }, carry: { $group: carry } };
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

/** Per-document stages, then a `$group` whose accumulators merge, run batch by batch. */
async function runBatched(
  stages: Doc[],
  group: SplitGroup | null,
  options: Options,
  input: LazyDocs,
): Promise<Doc[]> {
  const perBatch = group ? [...stages, group.partial] : stages;
  const yielder = new Yielder();
  let batchResults: Doc[] = [];
  // Group results are merged as they pile up, so the last step stays short too; not when the
  // groups barely merge (nearly one group per document), where it would only repeat work.
  let collapse = group !== null;
  for (let from = 0; from < input.length; from += BATCH) {
    const out = run(perBatch, options, input.slice(from, from + BATCH));
    for (const doc of out) batchResults.push(doc);
    if (collapse && group && batchResults.length >= YIELD_EVERY_DOCS) {
      const merged = run([group.carry], options, batchResults);
      collapse = merged.length <= batchResults.length / 2;
      batchResults = merged;
    }
    if (yielder.tick(BATCH)) await yielder.pause();
  }
  return group ? run([group.merge], options, batchResults) : batchResults;
}

/** Stages that can turn a few documents into many (20 documents unwound may be 40,000). */
const MULTIPLYING = new Set(['$unwind', '$lookup', '$unionWith', '$densify', '$graphLookup']);

const stageName = (stage: Doc | undefined): string => Object.keys(stage ?? {})[0] ?? '';

/** Whether a stage may multiply documents: one of MULTIPLYING, or a `$facet` holding one. */
function mayMultiply(stage: Doc | undefined): boolean {
  const name = stageName(stage);
  if (MULTIPLYING.has(name)) return true;
  const facets = name === '$facet' ? stage?.$facet : undefined;
  if (!facets || typeof facets !== 'object') return false;
  return Object.values(facets).some((sub) => Array.isArray(sub) && (sub as Doc[]).some(mayMultiply));
}

/**
 * Runs a pipeline over documents already read, pausing between batches of work so other
 * connections are served (Yielder), stage after stage: per-document stages (and a following
 * `$group` whose accumulators merge, splitAccumulator) batch by batch; `$sort` as a merge sort with
 * pauses (sortYieldingBy); any other `$group` by groupYielding, `$bucket` by bucketYielding,
 * `$graphLookup` by graphLookupYielding, `$unionWith` by unionYielding; `$setWindowFields`,
 * `$bucketAuto`, `$facet`, `$sortByCount` by pausingStage.
 * Other stages (`$limit`, `$skip`...) run in one go over their input, one
 * stage at a time: a pipeline is the composition of its stages, so the result is the same. A
 * small input runs through mingo in one go, unless a stage may multiply it (mayMultiply).
 */
export async function runPipelineYielding(stages: Doc[], options: Options, input: LazyDocs): Promise<Doc[]> {
  if (input.length <= YIELD_EVERY_DOCS && !stages.some(mayMultiply))
    return run(stages, options, await readAll(input));
  let docs = input;
  let i = 0;
  while (i < stages.length) {
    // No documents left: the remaining stages still run (over none), for their parse-time errors.
    if (docs.length === 0) return run(stages.slice(i), options, []);
    let cut = i;
    while (cut < stages.length && PER_DOCUMENT.has(stageName(stages[cut]))) {
      // After a stage that multiplies documents, the next per-document stages run batch by batch
      // over its output: batches count input documents, and one of 250 may unwind to 500,000.
      const multiplies = MULTIPLYING.has(stageName(stages[cut++]));
      if (multiplies && PER_DOCUMENT.has(stageName(stages[cut]))) break;
    }
    const group = splitGroup(stages[cut]);
    let out: Doc[];
    if (cut > i || group) {
      await prepareJoinIndexes(stages.slice(i, cut), options);
      out = await runBatched(stages.slice(i, cut), group, options, docs);
      i = group ? cut + 1 : cut;
    } else {
      const stage = stages[i++] ?? {};
      const name = stageName(stage);
      const all = await readAll(docs);
      const graph = name === '$graphLookup' ? graphSpec(stage.$graphLookup) : undefined;
      if (name === '$sort') out = await sortYieldingBy(all, (doc) => doc, parseSort(stage.$sort));
      else if (name === '$group' && isPlainGroup(stage.$group))
        out = await groupYielding(all, stage.$group, options);
      else if (name === '$bucket') out = await bucketYielding(all, stage.$bucket, options);
      else if (name === '$graphLookup' && graph) out = await graphLookupYielding(all, graph, options);
      else if (name === '$unionWith' && unionedCollection(stage.$unionWith) !== undefined)
        out = all.concat(await unionYielding(stage.$unionWith, options));
      else
        out =
          (await pausingStage(name, stage[name], all, options, (sub, o, docs) =>
            runPipelineYielding(
              sub,
              o,
              lazyDocs(docs, (doc) => doc),
            ),
          )) ?? run([stage], options, all);
    }
    docs = lazyDocs(out, (doc) => doc);
  }
  return readAll(docs);
}

/**
 * The join indexes the `$lookup` stages of a batch run will use, built beforehand with pauses
 * (the stage itself, run by mingo batch by batch, finds them built; see join-index.ts).
 */
async function prepareJoinIndexes(stages: Doc[], options: Options): Promise<void> {
  const resolver = (options as { collectionResolver?: (name: string) => Doc[] }).collectionResolver;
  for (const stage of stages) {
    const spec = stage.$lookup as Doc | undefined;
    if (!resolver || !spec || typeof spec.from !== 'string' || typeof spec.foreignField !== 'string')
      continue;
    if (typeof spec.localField === 'string') await prepareJoinIndex(resolver(spec.from), spec.foreignField);
  }
}

/** The collection a `$unionWith` names (`"coll"` or `{coll, pipeline}`), if any. */
function unionedCollection(spec: unknown): string | undefined {
  if (typeof spec === 'string') return spec;
  const coll = spec && typeof spec === 'object' ? (spec as Doc).coll : undefined;
  return typeof coll === 'string' ? coll : undefined;
}

/**
 * The documents a `$unionWith` adds after its input
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/unionWith/): its collection's
 * documents through its pipeline, which runs as any pipeline here, with pauses.
 */
async function unionYielding(spec: unknown, options: Options): Promise<Doc[]> {
  const name = unionedCollection(spec) ?? '';
  const pipeline = typeof spec === 'object' && spec ? ((spec as Doc).pipeline ?? []) : [];
  const resolver = (options as { collectionResolver?: (name: string) => Doc[] }).collectionResolver;
  const foreign = resolver?.(name) ?? [];
  return runPipelineYielding(
    pipeline as Doc[],
    options,
    lazyDocs(foreign, (doc) => doc),
  );
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
