import type { Iterator } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { Long } from 'bson';
import { Lazy } from 'mingo/lazy';
import { $group } from './group-stage.js';
import { parseSort, sortDocs } from './sort.js';
import {
  $count as mingoCount,
  $project as mingoProject,
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

/** mingo's `$project` appends `_id` after the projected fields; mongod keeps `_id` first. */
const $project: Stage = (coll, expr, options) =>
  (mingoProject as unknown as Stage)(coll, expr, options).map((doc: Doc) => {
    if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
    const { _id, ...rest } = doc;
    return { _id, ...rest };
  });

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

export const pipelineStageFixes = { $count, $group, $project, $sort, $unwind };
