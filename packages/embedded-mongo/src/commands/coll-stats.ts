import { hostname } from 'node:os';
import {
  MongoCommandError,
  badValue,
  invalidNamespace,
  namespaceNotFound,
  show,
  unknownField,
} from '../errors.js';
import { latencyStats } from './usage-top.js';
import type { Collection } from '../storage/collection.js';
import { collectionName } from './options.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

/**
 * The storage figures of a collection as mongod's collStats gives them
 * (https://www.mongodb.com/docs/manual/reference/command/collStats/; field order from mongod's
 * appendCollectionStorageStats in src/mongo/db/stats/storage_stats.cpp). Sizes are the BSON bytes
 * stored, divided by `scale` and truncated; the engine keeps no files, so `storageSize` is the data
 * size, nothing is free and every index has size 0. A collection that does not exist has zeros, as
 * mongod's command answers (it ignores NamespaceNotFound from the storage stats).
 */
function collectionStorageStats(ns: string, coll: Collection | undefined, scale: number): Doc {
  const count = coll?.size ?? 0;
  const bytes = coll?.docs.bytes ?? 0;
  const size = Math.trunc(bytes / scale);
  const indexSizes: Doc = {};
  for (const name of coll?.indexes.keys() ?? []) indexSizes[name] = 0;
  return {
    ns,
    size,
    count,
    ...(count > 0 ? { avgObjSize: Math.trunc(bytes / count) } : {}),
    numOrphanDocs: 0,
    storageSize: size,
    freeStorageSize: 0,
    capped: false,
    nindexes: coll?.indexes.size ?? 0,
    indexDetails: {},
    indexBuilds: [],
    totalIndexSize: 0,
    totalSize: size,
    indexSizes,
    scaleFactor: scale,
  };
}

/** mongod's `scale` check: a number of at least 1, truncated to an integer. */
function scaleOption(value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== 'number' || !(value >= 1)) throw badValue('scale has to be >= 1');
  return Math.trunc(value);
}

export const collStatsCommand: CommandDef = {
  options: ['scale', 'verbose'],
  run(ctx) {
    const name = collectionName(ctx.body, 'collStats');
    if (name === '') throw invalidNamespace(`Invalid namespace specified '${ctx.db}.'`);
    const scale = scaleOption(ctx.body.scale);
    return collectionStorageStats(`${ctx.db}.${name}`, ctx.state.engine.collection(ctx.db, name), scale);
  },
};

/**
 * `dataSize` (https://www.mongodb.com/docs/manual/reference/command/dataSize/) over a whole
 * collection: its BSON bytes and documents, as mongod answers without `keyPattern`/`min`/`max`. A
 * key range needs an index scan by bounds the engine does not offer for this command, so those are
 * refused rather than answered for the whole collection.
 */
export const dataSizeCommand: CommandDef = {
  options: ['keyPattern', 'min', 'max', 'estimate'],
  run(ctx) {
    const ns = ctx.body.dataSize;
    if (typeof ns !== 'string') throw invalidNamespace(`Invalid namespace specified '${String(ns)}'`);
    const dot = ns.indexOf('.');
    if (dot <= 0 || dot === ns.length - 1) throw invalidNamespace(`Invalid namespace specified '${ns}'`);
    for (const f of ['keyPattern', 'min', 'max'] as const)
      if (ctx.body[f] !== undefined)
        throw badValue(`dataSize option '${f}' is not supported by the embedded engine`);
    const coll = ctx.state.engine.collection(ns.slice(0, dot), ns.slice(dot + 1));
    // mongod answers a missing collection without `estimate`.
    if (!coll) return { size: 0, numObjects: 0, millis: 0 };
    return { estimate: ctx.body.estimate === true, size: coll.docs.bytes, numObjects: coll.size, millis: 0 };
  },
};

const STAGE_FIELDS = new Set(['latencyStats', 'storageStats', 'count', 'queryExecStats']);

/**
 * The one document of a leading `$collStats` stage
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/collStats/), what mongosh's
 * `db.collection.stats()` runs: `ns`, `host`, `localTime`, then `latencyStats`, `storageStats`
 * (collStats' figures without `ns`) and `count` as asked. Storage figures and the count of a
 * collection that does not exist are refused with 26, as mongod refuses them.
 */
export function collStatsStageDoc(ctx: CommandContext, collName: string | undefined, spec: unknown): Doc {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
    throw new MongoCommandError(
      5447000,
      'Location5447000',
      '$collStats must take a nested object but found: ' + show(spec),
    );
  if (collName === undefined) throw invalidNamespace('$collStats must be run against a collection namespace');
  const options = spec as Doc;
  for (const key of Object.keys(options))
    if (!STAGE_FIELDS.has(key)) throw unknownField(`BSON field '$collStats.${key}' is an unknown field.`);
  if (options.queryExecStats !== undefined)
    throw badValue("$collStats option 'queryExecStats' is not supported by the embedded engine");
  const ns = `${ctx.db}.${collName}`;
  const coll = ctx.state.engine.collection(ctx.db, collName);
  const out: Doc = { ns, host: hostname(), localTime: new Date() };
  if (options.latencyStats !== undefined) out.latencyStats = latencyStats(ctx.state, ctx.db, collName);
  const missing = (what: string) =>
    namespaceNotFound(
      `Unable to retrieve ${what} in $collStats stage :: caused by :: Collection [${ns}] not found.`,
    );
  if (options.storageStats !== undefined) {
    if (!coll) throw missing('storageStats');
    const scale = scaleOption((options.storageStats as Doc | null)?.scale);
    const { ns: _ns, ...storage } = collectionStorageStats(ns, coll, scale);
    out.storageStats = storage;
  }
  if (options.count !== undefined) {
    if (!coll) throw missing('count');
    out.count = coll.size;
  }
  return out;
}
