import { MongoCommandError, failedToParse, illegalOperation, typeMismatch } from '../errors.js';
import { aggregationDoc, findMatches, findMatchesYielding, type Match } from '../query/find-docs.js';
import { lazyDocs, runPipelineYielding, type LazyDocs } from '../query/yielding-pipeline.js';
import { Yielder } from '../server/yielding.js';
import { parseSort } from '../query/sort.js';
import { checkRegexes } from '../query/regex-translate.js';
import { checkProjection } from '../query/projection-check.js';
import { checkStageArguments } from './stage-arguments.js';
import { checkPipelineArity } from '../query/expression-arity.js';
import { typedVariables, withTypedExpressions } from '../query/typed-pipeline.js';
import { mingoContext, queryOptions } from '../query/mingo-context.js';
import { OpType } from 'mingo/core';
import type { Collection } from '../storage/collection.js';
import type { IndexStore } from '../indexes/index-store.js';
import { DEFAULT_FIRST_BATCH, cursorFirstBatch } from './batching.js';
import { checkCollation, hintName } from './find.js';
import { countOption } from './options.js';
import { checkStrictPipeline } from './stable-api.js';
import { collStatsStageDoc } from './coll-stats.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

/** Stages that write or need a replica set/sharding; refused rather than half-done in memory. */
const REFUSED = new Set([
  '$out',
  '$merge',
  '$changeStream',
  '$currentOp',
  '$listSessions',
  '$indexStats',
  '$search',
  '$geoNear',
]);

function checkPipeline(pipeline: unknown): Doc[] {
  if (!Array.isArray(pipeline)) throw typeMismatch("'pipeline' option must be specified as an array");
  for (const [i, stage] of (pipeline as unknown[]).entries()) {
    if (!stage || typeof stage !== 'object' || Object.keys(stage).length !== 1) {
      throw new MongoCommandError(
        40323,
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    const name = Object.keys(stage)[0] ?? '';
    // A leading $collStats is answered by the command itself (collStatsStageDoc).
    if (name === '$collStats') {
      if (i === 0) continue;
      throw new MongoCommandError(
        40602,
        'Location40602',
        '$collStats is only valid as the first stage in a pipeline',
      );
    }
    if (REFUSED.has(name)) throw illegalOperation(`${name} is not supported by the embedded engine`);
    if (!mingoContext.getOperator(OpType.PIPELINE, name)) {
      throw new MongoCommandError(40324, 'Location40324', `Unrecognized pipeline stage name: '${name}'`);
    }
    const spec = (stage as Doc)[name];
    checkStageArguments(name, spec);
    if (name === '$project' && spec && typeof spec === 'object') checkProjection(spec as Doc);
  }
  checkPipelineArity(pipeline);
  return pipeline as Doc[];
}

function allDocs(coll: Collection | undefined): Doc[] {
  if (!coll) return [];
  return findMatches(coll, { filter: {}, sort: [], skip: 0, limit: 0 }).matches.map(
    (m) => aggregationDoc(coll, m) ?? {},
  );
}

/** allDocs, read and decoded with pauses for other connections. */
async function allDocsYielding(coll: Collection | undefined): Promise<Doc[]> {
  if (!coll) return [];
  const spec = { filter: {}, sort: [], skip: 0, limit: 0 };
  const { matches } = await findMatchesYielding(coll, spec, { decode: false });
  const yielder = new Yielder();
  const docs: Doc[] = [];
  for (const m of matches) {
    const doc = aggregationDoc(coll, m);
    if (doc) docs.push(doc);
    if (yielder.tick()) await yielder.pause();
  }
  return docs;
}

/**
 * The collections a pipeline reads besides its own (`$lookup`, `$graphLookup` and `$unionWith`,
 * also inside sub-pipelines and `$facet`), named by string.
 */
function foreignNames(pipeline: unknown, out = new Set<string>()): Set<string> {
  if (!Array.isArray(pipeline)) return out;
  for (const stage of pipeline as Doc[]) {
    const [name, spec] = Object.entries(stage ?? {})[0] ?? [];
    if (!spec || typeof spec !== 'object') {
      if (name === '$unionWith' && typeof spec === 'string') out.add(spec);
      continue;
    }
    const s = spec as Doc;
    if (name === '$lookup' || name === '$graphLookup') {
      if (typeof s.from === 'string') out.add(s.from);
      foreignNames(s.pipeline, out);
    } else if (name === '$unionWith') {
      if (typeof s.coll === 'string') out.add(s.coll);
      foreignNames(s.pipeline, out);
    } else if (name === '$facet') for (const sub of Object.values(s)) foreignNames(sub, out);
  }
  return out;
}

/**
 * Answers a leading `$match`, `$sort` and `$limit` through the query planner, so an index can
 * filter, order and stop early; mingo runs the remaining stages. The documents are read with
 * pauses for other connections.
 */
async function leadingStages(
  coll: Collection | undefined,
  pipeline: Doc[],
  hint?: string,
): Promise<{ input: LazyDocs; rest: Doc[]; index?: IndexStore | null }> {
  if (!coll) return { input: lazyDocs([], () => undefined), rest: pipeline };
  let i = 0;
  let filter: Doc = {};
  let sort: [string, number][] = [];
  let limit = 0;
  const stage = (n: number) => pipeline[n] ?? {};
  if ('$match' in stage(i)) filter = stage(i++).$match as Doc;
  if ('$sort' in stage(i)) {
    sort = parseSort(stage(i++).$sort);
    if ('$limit' in stage(i) && typeof stage(i).$limit === 'number') limit = stage(i++).$limit as number;
  }
  const spec = { filter, sort, skip: 0, limit: limit > 0 ? limit : 0, hint };
  const { matches, plan } = await findMatchesYielding(coll, spec, { decode: false });
  // Decoded batch by batch as the pipeline takes them: 100k decoded documents held at once would
  // cost long garbage-collection pauses. A document deleted meanwhile is left out.
  const decode = (match: Match) => aggregationDoc(coll, match);
  return { input: lazyDocs(matches, decode), rest: pipeline.slice(i), index: plan.index };
}

/**
 * Runs a pipeline over a collection; a leading `$match` is answered through the query planner,
 * whose index the result names (undefined when the planner was not asked).
 */
async function runPipeline(
  ctx: CommandContext,
  coll: Collection | undefined,
  pipeline: Doc[],
  hint?: string,
): Promise<{ docs: Doc[]; index?: IndexStore | null }> {
  const first = pipeline[0];
  const { input, rest, index } =
    first && '$collStats' in first
      ? {
          input: lazyDocs([collStatsStageDoc(ctx, collNameOf(ctx), first.$collStats)], (d) => d),
          rest: pipeline.slice(1),
        }
      : await leadingStages(coll, pipeline, hint);
  // Read once per command: a `$lookup` runs batch by batch (yielding-pipeline.ts), and each batch
  // joins against the same documents rather than reading the foreign collection again. Read
  // before the stages run, with pauses for other connections (a foreign collection of 100,000
  // documents would otherwise be read in one go when the first batch asks for it).
  const foreign = new Map<string, Doc[]>();
  for (const name of foreignNames(pipeline))
    foreign.set(name, await allDocsYielding(ctx.state.engine.collection(ctx.db, name)));
  const resolve = (name: string): Doc[] => {
    let docs = foreign.get(name);
    if (!docs) foreign.set(name, (docs = allDocs(ctx.state.engine.collection(ctx.db, name))));
    return docs;
  };
  const options = {
    ...queryOptions,
    variables: typedVariables(ctx.body.let, ctx.body.let === undefined ? undefined : ctx.typedBody().let),
    collectionResolver: resolve,
  };
  return { docs: await runPipelineYielding(rest, options, input), index };
}

/**
 * Whether mongod answers this pipeline with a find's plan alone: it moves leading `$match` stages,
 * then one `$sort`, then the `$skip`/`$limit` stages after them, then a `$project` that only
 * includes fields, into its query layer (pipeline_d.cpp), and a pipeline left empty by that is
 * "optimized away" (run_aggregate.cpp, canOptimizeAwayPipeline).
 * Such a cursor holds the plan itself, which each getMore restores, so it is killed as a paused
 * find is when its collection or its index goes away. Any other stage keeps mongod's pipeline,
 * whose `$cursor` stage reads the collection ahead in batches and lets its plan go once read to
 * the end; blocking stages (`$group`, `$sort` after another stage, `$facet`...) read to the end
 * before the first reply, so those cursors go on from what they hold, as the engine's do.
 */
function foldsIntoFind(pipeline: Doc[]): boolean {
  let i = 0;
  const at = (name: string) => i < pipeline.length && name in (pipeline[i] ?? {});
  while (at('$match')) i++;
  if (at('$sort')) i++;
  while (at('$skip') || at('$limit')) i++;
  if (at('$project') && onlyIncludes((pipeline[i] as Doc).$project)) i++;
  return i === pipeline.length;
}

/**
 * A projection that only names fields to keep (`_id` may be left out): the one shape every mongod
 * release moves into the query layer. Exclusions and computed fields are not, on some releases.
 */
function onlyIncludes(projection: unknown): boolean {
  if (!projection || typeof projection !== 'object') return false;
  const entries = Object.entries(projection);
  const kept = entries.filter(([, v]) => v === true || (typeof v === 'number' && v !== 0));
  const idLeftOut = (k: string, v: unknown) => k === '_id' && (v === false || v === 0);
  return kept.length > 0 && entries.every(([k, v]) => kept.some(([kk]) => kk === k) || idLeftOut(k, v));
}

const collNameOf = (ctx: CommandContext): string | undefined =>
  typeof ctx.body.aggregate === 'string' ? ctx.body.aggregate : undefined;

export const aggregateCommand: CommandDef = {
  options: [
    'pipeline',
    'cursor',
    'explain',
    'allowDiskUse',
    'hint',
    'collation',
    'let',
    'bypassDocumentValidation',
  ],
  async run(ctx) {
    const target = ctx.body.aggregate;
    const cursorOpt = ctx.body.cursor;
    // The cursor's options are parsed with the command, before its pipeline is looked at.
    const batchSize =
      cursorOpt && typeof cursorOpt === 'object'
        ? countOption(cursorOpt as Doc, 'batchSize', 'cursor.batchSize', DEFAULT_FIRST_BATCH)
        : DEFAULT_FIRST_BATCH;
    checkStrictPipeline(ctx.body, ctx.body.pipeline);
    const pipeline = checkPipeline(ctx.body.pipeline);
    checkRegexes(pipeline);
    if (ctx.body.explain === true) throw illegalOperation('explain is not supported by the embedded engine');
    if (!cursorOpt || typeof cursorOpt !== 'object') {
      throw failedToParse("The 'cursor' option is required, except for aggregate with the explain argument");
    }
    if (ctx.body.collation !== undefined) checkCollation(ctx.body.collation);
    const name = typeof target === 'string' ? target : undefined;
    if (name === undefined && target !== 1) throw typeMismatch('aggregate must be a collection name or 1');
    const coll = name ? ctx.state.engine.collection(ctx.db, name) : undefined;
    const hint = coll ? hintName(ctx, ctx.body.hint, coll.indexes.values()) : undefined;
    const typed = withTypedExpressions(pipeline, ctx.typedBody().pipeline);
    const { docs, index } = await runPipeline(ctx, coll, typed, hint);
    const ns = `${ctx.db}.${name ?? '$cmd.aggregate'}`;
    const source = coll && foldsIntoFind(pipeline) ? { coll, index: index ?? null } : undefined;
    return cursorFirstBatch(ctx, ns, docs, batchSize, false, source);
  },
};
