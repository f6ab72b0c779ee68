import { deserialize } from 'bson';
import { failedToParse } from '../errors.js';
import type { Collection } from '../storage/collection.js';
import type { ChangeLog } from '../storage/change-log.js';
import { docWithTypes, findMatches, type Match } from '../query/find-docs.js';
import { applyUpdate, updateKind } from '../query/update-apply.js';
import { buildUpsertDoc } from '../query/upsert.js';
import { parseArrayFilters } from '../query/positional-paths.js';
import { decodeTyped } from '../bson/typed-decode.js';
import { withTypedFilter } from '../query/typed-pipeline.js';
import type { Doc } from './types.js';
import { inPlaceEdit, unsetInPlace } from '../storage/in-place-update.js';
import { storedId } from '../storage/id-first.js';
import { pointLookup } from './update-point-lookup.js';
import { storedKinds, UNDEFINED_VALUES } from '../bson/aggregation-values.js';
import { markUndefined } from '../bson/undefined-value.js';

export type UpdateStatement = {
  filter: Doc;
  update: unknown;
  multi: boolean;
  upsert: boolean;
  arrayFilters?: Doc[];
  sort?: [string, number][];
  hint?: string;
  /** Only these record ids (see FindSpec.rids). */
  rids?: readonly number[];
  /** `filter` and `update` as sent, decoded without promoting numbers (keeps their BSON types). */
  typed?: { filter: Doc; update: unknown };
};

export type UpdateOutcome = {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  /** The document before (decoded, and its stored bytes) and after the (last) write, for findAndModify. */
  before?: Doc;
  beforeRaw?: Uint8Array;
  after?: Doc;
};

/**
 * An UpdateOutcome whose documents before and after can be left to compute on first read (only
 * findAndModify reads them): a class with getters, as redefining the two properties per update
 * cost more than the update's own bytes edit.
 */
class Outcome implements UpdateOutcome {
  matched = 0;
  modified = 0;
  upsertedId?: unknown;
  beforeRaw?: Uint8Array;
  private beforeValue?: Doc;
  private beforeOf?: () => Doc;
  private afterValue?: Doc;
  private afterOf?: () => Doc;

  get before(): Doc | undefined {
    return this.beforeOf ? this.beforeOf() : this.beforeValue;
  }

  set before(value: Doc | undefined) {
    this.beforeOf = undefined;
    this.beforeValue = value;
  }

  get after(): Doc | undefined {
    return this.afterOf ? this.afterOf() : this.afterValue;
  }

  set after(value: Doc | undefined) {
    this.afterOf = undefined;
    this.afterValue = value;
  }

  /** A document computed on first read; a later match of the statement may set it again. */
  lazily(key: 'before' | 'after', get: () => Doc): void {
    if (key === 'before') this.beforeOf = get;
    else this.afterOf = get;
  }
}

/**
 * Runs one update statement: match (by index when possible), apply to a private copy, write back
 * only when the BSON changed (so nModified counts real changes), or insert when upserting.
 */
export function runUpdateStatement(
  getColl: () => Collection,
  existing: Collection | undefined,
  st: UpdateStatement,
  log: ChangeLog,
): UpdateOutcome {
  const kind = updateKind(st.update);
  if (kind === 'replacement' && st.multi) {
    throw failedToParse('multi update is not supported for replacement-style update');
  }
  // mongod checks the array filters against the update before matching any document.
  if (kind === 'modifier') parseArrayFilters(st.update, st.arrayFilters);
  const out = new Outcome();
  if (existing) {
    for (const m of matchesOf(existing, st)) {
      const oldRaw = existing.raw(m.rid);
      if (!oldRaw) continue;
      const edit =
        kind === 'modifier' && st.typed && !st.arrayFilters
          ? inPlaceEdit(oldRaw, st.typed.update, existing.indexedFields())
          : undefined;
      if (edit) {
        recordEdit(out, existing, m, oldRaw, edit, log);
        continue;
      }
      const unset =
        kind === 'modifier' && st.typed && !st.arrayFilters
          ? unsetInPlace(oldRaw, st.typed.update)
          : undefined;
      if (unset) {
        recordUnset(out, existing, m, oldRaw, unset, log);
        continue;
      }
      // The filter's own decode when it had to read the whole document (same bytes, nothing
      // between); otherwise decoded only if a caller reads it (findAndModify).
      let before = m.doc;
      out.lazily('before', () => (before ??= deserialize(oldRaw)));
      out.beforeRaw = oldRaw;
      // BSON undefined values stay in the document (see undefined-value.ts).
      const keep = storedKinds(oldRaw) & UNDEFINED_VALUES ? markUndefined : <T>(doc: T) => doc;
      const typed = { old: keep(decodeTyped(oldRaw)), update: st.typed?.update ?? st.update };
      const working = keep(deserialize(oldRaw));
      // The index keys of the document as it is, taken before the update changes `working`.
      const oldKeys = existing.indexKeys(working);
      const after = applyUpdate(working, st.update, kind, st.arrayFilters, false, st.filter, typed);
      out.matched++;
      out.after = after;
      // Encoded once: compared with the stored bytes, then stored (a counter document of many
      // kilobytes was encoded twice per update).
      const afterRaw = existing.encodeUpdated(after);
      if (!oldRaw.equals(afterRaw)) {
        existing.replace(m.rid, oldKeys, after, log, afterRaw);
        out.modified++;
      }
    }
  }
  if (out.matched === 0 && st.upsert) {
    const doc = buildUpsertDoc(st.filter, st.update, kind, st.arrayFilters, st.typed);
    getColl().insert(doc, log, undefined, 'update');
    out.upsertedId = doc._id;
    out.after = doc;
  }
  return out;
}

/** The documents a statement's filter matches: one key lookup when it names one (pointLookup). */
function matchesOf(coll: Collection, st: UpdateStatement): Match[] {
  const point =
    !st.multi && !st.sort?.length && st.hint === undefined && !st.rids
      ? pointLookup(coll, st.filter)
      : undefined;
  if (point) return point.found === undefined ? [] : [{ rid: point.found }];
  return findMatches(coll, {
    filter: withTypedFilter(st.filter, () => st.typed?.filter),
    sort: st.sort ?? [],
    skip: 0,
    limit: st.multi ? 0 : 1,
    hint: st.hint,
    decodeMatches: false,
    rids: st.rids,
  }).matches;
}

/**
 * One update done on the stored bytes (see inPlaceEdit), edited in the document store's own copy of
 * them: stored when its bytes differ, with no index maintenance (no indexed field changed); the
 * documents before and after are decoded only if a caller reads them.
 */
function recordEdit(
  out: Outcome,
  coll: Collection,
  m: Match,
  oldRaw: Buffer,
  edit: (copy: Buffer) => void,
  log: ChangeLog,
): void {
  let before = m.doc;
  const afterRaw = coll.replaceEdited(m.rid, m.doc ? m.doc._id : storedId(oldRaw), oldRaw, edit, log);
  let after: Doc | undefined;
  out.lazily('before', () => (before ??= deserialize(oldRaw)));
  out.lazily('after', () => (after ??= docWithTypes(afterRaw ?? oldRaw)));
  out.beforeRaw = oldRaw;
  out.matched++;
  if (afterRaw) out.modified++;
}

/**
 * One update done on the stored bytes (see unsetInPlace): stored when its bytes differ, with no
 * index maintenance (no indexed field changed). The documents before and after are decoded only if
 * a caller reads them (findAndModify does; update and bulkWrite count).
 */
function recordInPlace(
  out: Outcome,
  coll: Collection,
  m: Match,
  oldRaw: Buffer,
  afterRaw: Buffer,
  log: ChangeLog,
): void {
  let before = m.doc;
  let after: Doc | undefined;
  out.lazily('before', () => (before ??= deserialize(oldRaw)));
  out.lazily('after', () => (after ??= docWithTypes(afterRaw)));
  out.beforeRaw = oldRaw;
  out.matched++;
  if (!oldRaw.equals(afterRaw)) {
    coll.replaceBytes(m.rid, m.doc ? m.doc._id : storedId(oldRaw), afterRaw, log);
    out.modified++;
  }
}

/**
 * A `$unset` done on the stored bytes (see unsetInPlace). When it removed a field some index reads,
 * that index's keys before and after are recomputed from the decoded forms (a unique index may then
 * refuse the update, before anything changes); otherwise as recordInPlace.
 */
function recordUnset(
  out: Outcome,
  coll: Collection,
  m: Match,
  oldRaw: Buffer,
  { bytes: afterRaw, fields }: { bytes: Buffer; fields: string[] },
  log: ChangeLog,
): void {
  // Only the indexes reading a removed field can change their keys: the others are left alone.
  const rekeyed = oldRaw.length === afterRaw.length ? [] : coll.indexesReading(fields);
  if (rekeyed.length === 0) {
    recordInPlace(out, coll, m, oldRaw, afterRaw, log);
    return;
  }
  const before = m.doc ?? deserialize(oldRaw);
  const after = deserialize(afterRaw);
  coll.replace(m.rid, coll.indexKeys(before, rekeyed), after, log, afterRaw, true);
  out.beforeRaw = oldRaw;
  out.matched++;
  out.modified++;
  out.lazily('before', () => before);
  out.lazily('after', () => docWithTypes(afterRaw, after));
}
