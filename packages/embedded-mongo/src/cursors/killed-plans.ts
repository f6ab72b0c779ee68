import { MongoCommandError } from '../errors.js';
import type { IndexStore } from '../indexes/index-store.js';
import type { Collection } from '../storage/collection.js';
import type { StorageEngine } from '../storage/engine.js';

/** What a paused find read from: its collection, and the index its plan scanned (null: none). */
export type CursorSource = { coll: Collection; index: IndexStore | null };

/**
 * A CursorSource as a paused cursor keeps it: the collection and index only weakly, so that a
 * dropped collection's documents and indexes are given back while a cursor on it waits (for ever
 * with noCursorTimeout), and the names the kill message needs. A collected target was dropped.
 */
export type HeldSource = {
  coll: WeakRef<Collection>;
  db: string;
  name: string;
  ns: string;
  uuid: string;
  index: { ref: WeakRef<IndexStore>; name: string } | null;
};

export const holdSource = ({ coll, index }: CursorSource): HeldSource => ({
  coll: new WeakRef(coll),
  db: coll.db,
  name: coll.name,
  ns: coll.ns,
  uuid: coll.uuid,
  index: index && { ref: new WeakRef(index), name: index.spec.name },
});

/**
 * Why a paused find can no longer go on, as mongod answers its next getMore: mongod restores the
 * find's plan there and kills it (175 QueryPlanKilled, the cursor deleted) when its collection was
 * dropped or renamed, or the index it scans was dropped, also when another of the same name was made
 * meanwhile (it compares identities, not names). The engine's cursors hold their results already,
 * so without this check they went on answering from a collection that no longer existed. Undefined
 * while the plan still stands.
 */
export function planKilled(engine: StorageEngine, held: HeldSource): MongoCommandError | undefined {
  const coll = held.coll.deref();
  if (!coll || engine.collection(held.db, held.name) !== coll) {
    const renamed = engine.collections(held.db).find((c) => c.uuid === held.uuid);
    return new MongoCommandError(
      175,
      'QueryPlanKilled',
      renamed
        ? `collection renamed from '${held.ns}' to '${renamed.ns}'. UUID ${held.uuid}`
        : `collection dropped. UUID ${held.uuid}`,
    );
  }
  const index = held.index?.ref.deref();
  if (held.index && (!index || coll.indexes.get(held.index.name) !== index))
    return new MongoCommandError(
      175,
      'QueryPlanKilled',
      `query plan killed :: index '${held.index.name}' dropped`,
    );
  return undefined;
}
