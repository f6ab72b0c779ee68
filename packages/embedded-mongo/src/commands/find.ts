import { ObjectId } from 'bson';
import { badValue, failedToParse } from '../errors.js';
import { fetchWithTypes, findMatchesYielding, type Match } from '../query/find-docs.js';
import type { Collection } from '../storage/collection.js';
import type { IndexStore } from '../indexes/index-store.js';
import {
  boundedRids,
  hasBounds,
  indexKeyOf,
  parseKeyOptions,
  withRecordId,
  type KeyOptions,
} from './find-key-options.js';
import { withTypedFilter, withTypedProjection } from '../query/typed-pipeline.js';
import { parseSort } from '../query/sort.js';
import { project } from '../query/projection.js';
import { checkProjection } from '../query/projection-check.js';
import { validateFilter } from '../query/filter-validate.js';
import { checkTailable, inNaturalOrder, naturalDirection } from './find-natural.js';
import type { BatchItem } from '../wire/cursor-reply.js';
import { encodeCursorReply } from '../wire/cursor-reply.js';
import { DEFAULT_FIRST_BATCH, cursorFirstBatch } from './batching.js';
import { collectionName, countOption, docOption } from './options.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

/** Reads `hint` as an index name or key pattern. */
export function hintName(
  ctx: CommandContext,
  hint: unknown,
  indexes: Iterable<{ name: string; spec: { key: Doc } }>,
): string | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (typeof hint === 'string') {
    for (const ix of indexes) if (ix.name === hint) return hint;
  }
  // { $natural: 1 } asks for a collection scan, which is what no hint gives when no index fits.
  if (typeof hint === 'object' && '$natural' in hint) return undefined;
  if (typeof hint === 'object') {
    const want = JSON.stringify(hint);
    for (const ix of indexes) if (JSON.stringify(ix.spec.key) === want) return ix.name;
  }
  throw badValue(
    `error processing query: ${ctx.db} planner returned error :: caused by :: hint provided does not correspond to an existing index`,
  );
}

async function runFind(ctx: CommandContext): Promise<Buffer> {
  const name = collectionName(ctx.body, 'find');
  const ns = `${ctx.db}.${name}`;
  // Read with the command's other fields, before the filter, sort and projection are looked at.
  const skip = countOption(ctx.body, 'skip', 'FindCommandRequest.skip', 0);
  const limit = countOption(ctx.body, 'limit', 'FindCommandRequest.limit', 0);
  const batchSize = countOption(ctx.body, 'batchSize', 'FindCommandRequest.batchSize', DEFAULT_FIRST_BATCH);
  const singleBatch = ctx.body.singleBatch === true;
  const filter = withTypedFilter(docOption(ctx.body, 'filter') ?? {}, () => ctx.typedBody().filter);
  const sort = parseSort(ctx.body.sort);
  const projection = withTypedProjection(docOption(ctx.body, 'projection'), () => ctx.typedBody().projection);
  if (projection) checkProjection(projection);
  if (ctx.body.collation !== undefined) checkCollation(ctx.body.collation);
  // The filter is parsed before the collection is looked up, as mongod does: a bad one (or a
  // `$where`) is refused also when the collection does not exist.
  validateFilter(filter);
  const keyOptions = parseKeyOptions(ctx.body);
  const coll = ctx.state.engine.collection(ctx.db, name);
  checkTailable(ctx.body, ns, coll !== undefined);
  if (!coll) return encodeCursorReply(ns, 0n, [], true);
  const natural = naturalDirection(sort, ctx.body.hint);
  const hint = hintName(ctx, ctx.body.hint, coll.indexes.values());
  if (hint !== undefined && !coll.indexes.has(hint)) {
    throw badValue(
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  }
  const keyed = keyOptions.returnKey || keyOptions.showRecordId;
  // min/max need a hint, whose absence the bounded path refuses: they never take the id lookup.
  const byId =
    skip === 0 && sort.length === 0 && hint === undefined && !keyed && !hasBounds(keyOptions)
      ? idLookup(filter)
      : undefined;
  if (byId !== undefined) {
    const rid = coll.ridOfId(byId);
    if (rid !== undefined) coll.stats.keysExamined++;
    // A cursor left open (batchSize 0) is killed with the collection like any paused find.
    const source = { coll, index: coll.idIndex };
    if (!projection || Object.keys(projection).length === 0) {
      const raw = rid === undefined ? undefined : coll.raw(rid);
      return cursorFirstBatch(ctx, ns, raw ? [raw] : [], batchSize, singleBatch, source);
    }
    // A projected read by id is the same single lookup; planning it cost more than projecting.
    // Projecting no document still runs the projection's checks, so a bad one is refused either way.
    const doc = rid === undefined ? undefined : fetchWithTypes(coll, { rid });
    const items = project(doc ? [doc] : [], filter, projection);
    return cursorFirstBatch(ctx, ns, items, batchSize, singleBatch, source);
  }
  const rids = hasBounds(keyOptions)
    ? boundedRids(coll, keyOptions, hint, isNaturalHint(ctx.body.hint))
    : undefined;
  const { matches: found, plan } = await findMatchesYielding(
    coll,
    natural && !rids
      ? { filter, sort: [], skip: 0, limit: 0, hint }
      : { filter, sort, skip, limit, hint, rids },
    { decode: false },
  );
  const matches = natural && !rids ? inNaturalOrder(found, natural, skip, limit) : found;
  let items: BatchItem[];
  if (keyed) {
    items = keyedResults(coll, matches, keyOptions, plan.index, filter, projection);
  } else if (projection && Object.keys(projection).length > 0) {
    const docs = matches.flatMap((m): Doc[] => {
      const doc = fetchWithTypes(coll, m);
      return doc ? [doc] : [];
    });
    items = project(docs, filter, projection);
  } else {
    // A match whose document was deleted while the read paused is left out, as the projected and
    // keyed answers leave it out: an empty buffer here was a malformed document in the reply.
    items = matches.flatMap((m) => {
      const bytes = coll.raw(m.rid);
      return bytes ? [bytes] : [];
    });
  }
  return cursorFirstBatch(ctx, ns, items, batchSize, singleBatch, { coll, index: plan.index });
}

const isNaturalHint = (hint: unknown): boolean =>
  hint !== null && typeof hint === 'object' && '$natural' in hint;

/** Results of a find with `returnKey` or `showRecordId` (see find-key-options.ts). */
function keyedResults(
  coll: Collection,
  matches: Match[],
  o: KeyOptions,
  index: IndexStore | null,
  filter: Doc,
  projection: Doc | undefined,
): Doc[] {
  const found = matches.flatMap((m): [Doc, number][] => {
    const doc = fetchWithTypes(coll, m);
    return doc ? [[doc, m.rid]] : [];
  });
  const docs = found.map(([doc]) => doc);
  // returnKey replaces the document, projection and all, by the index key.
  const shown = o.returnKey
    ? docs.map((doc) => indexKeyOf(index, doc))
    : projection && Object.keys(projection).length > 0
      ? project(docs, filter, projection)
      : docs;
  return o.showRecordId ? shown.map((doc, i) => withRecordId(doc, found[i]?.[1] ?? 0)) : shown;
}

/**
 * The `_id` of a filter that is exactly `{ _id: <ObjectId or string> }` (what findOne by id sends),
 * else undefined. Such a find is one lookup in the unique `_id` index, as mongod's "IDHACK" plan:
 * no validation, planning or filter compilation is needed, since neither value can hold an
 * operator, and index-key equality is exactly query equality for both types.
 */
function idLookup(filter: Doc): ObjectId | string | undefined {
  let id: unknown;
  for (const key in filter) {
    if (key !== '_id') return undefined;
    id = filter[key];
  }
  return typeof id === 'string' || id instanceof ObjectId ? id : undefined;
}

export function checkCollation(c: unknown): void {
  const locale = (c as Doc | null)?.locale;
  if (locale !== 'simple')
    throw badValue('collation other than { locale: "simple" } is not supported by the embedded engine');
}

export const findCommand: CommandDef = {
  options: [
    'filter',
    'sort',
    'projection',
    'skip',
    'limit',
    'batchSize',
    'singleBatch',
    'hint',
    'allowDiskUse',
    'noCursorTimeout',
    'collation',
    'let',
    'readConcern',
    'returnKey',
    'showRecordId',
    'min',
    'max',
    'allowPartialResults',
    'tailable',
    'awaitData',
  ],
  run(ctx) {
    for (const f of ['let']) {
      if (ctx.body[f] !== undefined && ctx.body[f] !== false)
        throw failedToParse(`find option '${f}' is not supported by the embedded engine`);
    }
    return runFind(ctx);
  },
};
