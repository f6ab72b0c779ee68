import type { Iterator } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { Long } from 'bson';
import { Lazy } from 'mingo/lazy';
import { $group } from './group-stage.js';
import { $addFields } from './add-fields.js';
import { parseSort, sortDocs } from './sort.js';
import { computedProjection, reorder } from './project-order.js';
import { Aggregator } from 'mingo/aggregator';
import { evalExpr } from 'mingo/core';
import { encodeValue } from '../indexes/key-encoding.js';
import { $bucket } from './bucket-stage.js';
import { bucketAutoNow } from './bucket-auto.js';
import { namesScript, parseWindowSpec } from './window/window-spec.js';
import { setWindowFieldsNow } from './window/window-fields.js';
import { checkLookupAs, mingoLookupAs, withJoined } from './lookup-as.js';
import { joinIndex, lookupKeys } from './join-index.js';
import {
  $bucketAuto as mingoBucketAuto,
  $count as mingoCount,
  $project as mingoProject,
  $setWindowFields as mingoSetWindowFields,
  $unwind as mingoUnwind,
} from 'mingo/operators/pipeline';

type Doc = Record<string, unknown>;
type Stage = (coll: Iterator, expr: unknown, options: Options) => Iterator;

/**
 * `$count` on an empty input: mingo emits `{ n: 0 }`, mongod emits nothing ("If the input dataset
 * is empty, $count doesn't return a result",
 * https://www.mongodb.com/docs/manual/reference/operator/aggregation/count/). This matters in
 * `$facet: { total: [{ $count: 'n' }] }`, where mongod answers `total: []`.
 */
const $count: Stage = (coll, expr, options) =>
  (mingoCount as unknown as Stage)(coll, expr, options).filter(
    (doc: Doc) => typeof expr !== 'string' || doc[expr] !== 0,
  );

/**
 * mingo's `$project` appends `_id` after the projected fields; mongod keeps `_id` first. A
 * projection that computes fields orders them as mongod does (see project-order.ts): mingo
 * projects one input document per output document, in turn, so the input last read is the one
 * each output came from.
 */
const $project: Stage = (coll, expr, options) => {
  const tree = computedProjection(expr);
  let input: unknown;
  const source = tree ? coll.map((doc: unknown) => (input = doc)) : coll;
  return (mingoProject as unknown as Stage)(source, expr, options).map((doc: Doc) => {
    if (tree) return reorder(input, doc, tree);
    if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
    const { _id, ...rest } = doc;
    return { _id, ...rest };
  });
};

/**
 * `$unwind` with `includeArrayIndex` stores the index as an int64 (mongod: "NumberLong(0)",
 * https://www.mongodb.com/docs/manual/reference/operator/aggregation/unwind/#include-array-index).
 */
const $unwind: Stage = (coll, expr, options) => {
  const field = expr !== null && typeof expr === 'object' ? (expr as Doc).includeArrayIndex : undefined;
  const out = (mingoUnwind as unknown as Stage)(coll, expr, options);
  if (typeof field !== 'string') return out;
  return out.map((doc: Doc) => {
    const index = doc[field];
    return typeof index === 'number' ? { ...doc, [field]: Long.fromNumber(index) } : doc;
  });
};

/**
 * `$sort` later in a pipeline orders as a leading one does (the engine's BSON order: numbers of
 * every type by exact value, arrays by their smallest or largest element); mingo's comparison
 * did not know `Long`s.
 */
const $sort: Stage = (coll, expr) =>
  coll.transform((items: unknown[]) => Lazy(sortDocs(items as Doc[], parseSort(expr))));

/**
 * Options for a sub-pipeline: those of the running one (mingo passes them as an object of
 * getters, which a spread would lose), with its variables (the command's `let` and those of
 * enclosing stages) and `extra` ones.
 */
function withVariables(o: Options, extra: Doc, scriptEnabled = o.scriptEnabled): Options {
  const local = (o as { local?: { variables?: Doc } }).local?.variables;
  return {
    idKey: o.idKey,
    collation: o.collation,
    processingMode: o.processingMode,
    useStrictMode: o.useStrictMode,
    scriptEnabled,
    failOnError: o.failOnError,
    collectionResolver: o.collectionResolver,
    jsonSchemaValidator: o.jsonSchemaValidator,
    context: o.context,
    variables: { ...o.variables, ...local, ...extra },
  };
}

/**
 * `$lookup` with `localField`/`foreignField` joins on BSON equality
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/#equality-match-with-a-single-join-condition):
 * numbers of every type by value (an int64 1 finds an int32 1), documents with their fields in
 * order; a missing field is null; an array matches through each of its elements. mingo hashed
 * numbers by JS value, so an int64 key never found an int32 one. With a `pipeline` as well
 * (MongoDB 5.0's "correlated subqueries using concise syntax"), the pipeline runs over the joined
 * documents only, with the `let` variables of the local document; mingo ran it over the whole
 * foreign collection whenever one document joined. The form without `localField` goes to mingo.
 */
const $lookup: Stage = (coll, expr, options) => {
  const spec = expr as Doc;
  const { from, localField, foreignField, as } = spec;
  checkLookupAs(as);
  if (
    typeof localField !== 'string' ||
    typeof foreignField !== 'string' ||
    typeof from !== 'string' ||
    (spec.pipeline !== undefined && !Array.isArray(spec.pipeline)) ||
    !options.collectionResolver
  )
    return mingoLookupAs(coll, spec, as, options);
  const pipeline = spec.pipeline as Doc[] | undefined;
  const { byKey, position } = joinIndex(options.collectionResolver(from), foreignField);
  return coll.map((doc: Doc) => {
    const found = new Set<Doc>();
    for (const key of lookupKeys(doc, localField))
      for (const d of byKey.get(encodeValue(key)) ?? []) found.add(d);
    // In the foreign collection's order, each document once.
    const joined = [...found].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    if (pipeline === undefined) return withJoined(doc, as, joined);
    const letValues = evalExpr(doc, spec.let ?? {}, options) as Doc;
    return withJoined(doc, as, new Aggregator(pipeline, withVariables(options, letValues)).run(joined));
  });
};

/**
 * `$setWindowFields` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/setWindowFields/):
 * the engine's own one-pass computation (window/window-fields.ts) for every specification it
 * parses. Others go to mingo's stage, which computes each window through its own `$function`
 * expression: it runs with that internal function allowed, while a specification naming a
 * scripting operator itself keeps scripting off (refused as everywhere else).
 */
const $setWindowFields: Stage = (coll, expr, options) => {
  const probe = (expr as Record<symbol, unknown> | null)?.[OPTIONS_PROBE];
  if (typeof probe === 'function') {
    (probe as (prepared: Options) => void)(options);
    return coll;
  }
  const spec = parseWindowSpec(expr, options);
  if (spec)
    return coll.transform((docs: unknown[]) => Lazy(setWindowFieldsNow(docs as Doc[], spec, options)));
  const scripts = !namesScript(expr);
  return (mingoSetWindowFields as unknown as Stage)(coll, expr, withVariables(options, {}, scripts));
};

/**
 * `$bucketAuto` (bucket-auto.ts): buckets cut from the engine's BSON order, `_id` first, the same
 * buckets as the pausing form gives over more documents. mingo's stage (used for `granularity`)
 * ordered by its own comparison, which did not know `Long`s, and wrote `_id` last.
 */
const $bucketAuto: Stage = (coll, expr, options) =>
  coll.transform((docs: unknown[]) => {
    const out = bucketAutoNow(docs as Doc[], expr, options);
    return out ? Lazy(out) : (mingoBucketAuto as unknown as Stage)(Lazy(docs), expr, options);
  });

/** A key no specification read from BSON can hold (see preparedOptions). */
const OPTIONS_PROBE = Symbol('prepared options');

/**
 * The options mingo hands its stages, prepared once for many evaluations. `evalExpr` given plain
 * options prepares them on every call, copying every operator table of the context (tens of
 * microseconds: most of the time of a stage that evaluates a few expressions per document), and
 * mingo does not export the prepared form. An aggregator prepares them for its stages, so a probe
 * passed to this module's `$setWindowFields` receives them.
 */
export function preparedOptions(options: Partial<Options>): Options {
  let prepared: Options | undefined;
  const probe = (o: Options) => (prepared = o);
  new Aggregator([{ $setWindowFields: { [OPTIONS_PROBE]: probe } }], options).stream([]);
  return prepared ?? (options as Options);
}

export const pipelineStageFixes = {
  $addFields,
  $set: $addFields,
  $bucket,
  $bucketAuto,
  $count,
  $group,
  $lookup,
  $project,
  $setWindowFields,
  $sort,
  $unwind,
};
