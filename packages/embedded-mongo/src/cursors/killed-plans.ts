import { MongoCommandError } from '../errors.js';
import type { IndexStore } from '../indexes/index-store.js';
import type { Collection } from '../storage/collection.js';
import type { StorageEngine } from '../storage/engine.js';

/** What a paused find read from: its collection, and the index its plan scanned (null: none). */
export type CursorSource = { coll: Collection; index: IndexStore | null };

/**
 * Why a paused find can no longer go on, as mongod answers its next getMore: mongod restores the
 * find's plan there and kills it (175 QueryPlanKilled, the cursor deleted) when its collection was
 * dropped or renamed, or the index it scans was dropped, also when another of the same name was made
 * meanwhile (it compares identities, not names). The engine's cursors hold their results already,
 * so without this check they went on answering from a collection that no longer existed. Undefined
 * while the plan still stands.
 */
export function planKilled(
  engine: StorageEngine,
  { coll, index }: CursorSource,
): MongoCommandError | undefined {
  if (engine.collection(coll.db, coll.name) !== coll) {
    const renamed = engine.collections(coll.db).find((c) => c.uuid === coll.uuid);
    return new MongoCommandError(
      175,
      'QueryPlanKilled',
      renamed
        ? `collection renamed from '${coll.ns}' to '${renamed.ns}'. UUID ${coll.uuid}`
        : `collection dropped. UUID ${coll.uuid}`,
    );
  }
  if (index && coll.indexes.get(index.spec.name) !== index)
    return new MongoCommandError(
      175,
      'QueryPlanKilled',
      `query plan killed :: index '${index.spec.name}' dropped`,
    );
  return undefined;
}
