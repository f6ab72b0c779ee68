import type { Document } from 'bson';
import { MirrorDocs } from './mirror-docs.js';
import type { StoredRecord } from './record-codec.js';
import type { IndexSpec, RecoveredCatalog, RecoveredCollection } from './records.js';

export type MirrorCollection = {
  options: Document;
  indexes: Map<string, IndexSpec>;
  /** `_id` key (see record-codec) → the document's BSON bytes. */
  docs: MirrorDocs;
};

/**
 * The store's own copy of the data, as BSON buffers. It is what recovery rebuilds, what snapshots are
 * written from (so compaction needs nothing from the engine and never blocks it), and it costs roughly
 * the BSON size of the data in memory.
 *
 * Every operation is a blind write (sets or removes without looking at prior state), so applying a
 * record twice, or replaying a journal over a snapshot that already holds part of its effects, ends
 * in the same state as applying it once at the right place. Snapshots rely on this.
 */
export class CatalogMirror {
  readonly databases = new Map<string, Map<string, MirrorCollection>>();

  apply(rec: StoredRecord): void {
    switch (rec.t) {
      case 'put':
        this.ensureCollection(rec.db, rec.coll).docs.set(rec.key, rec.doc);
        return;
      case 'del':
        this.databases.get(rec.db)?.get(rec.coll)?.docs.delete(rec.key);
        return;
      case 'createCollection':
        // Overwrites options if it exists: a replay may meet a collection the snapshot already has.
        this.ensureCollection(rec.db, rec.coll).options = rec.options;
        return;
      case 'dropCollection': {
        const colls = this.databases.get(rec.db);
        colls?.delete(rec.coll);
        // A database exists while it has collections, as in MongoDB.
        if (colls?.size === 0) this.databases.delete(rec.db);
        return;
      }
      case 'createIndex':
        this.ensureCollection(rec.db, rec.coll).indexes.set(rec.spec.name, rec.spec);
        return;
      case 'dropIndex':
        this.databases.get(rec.db)?.get(rec.coll)?.indexes.delete(rec.name);
        return;
      case 'dropDatabase':
        this.databases.delete(rec.db);
        return;
    }
  }

  /** Installs a whole collection read from a snapshot (its documents are added afterwards). */
  ensureCollection(db: string, coll: string): MirrorCollection {
    let colls = this.databases.get(db);
    if (!colls) {
      colls = new Map();
      this.databases.set(db, colls);
    }
    let collection = colls.get(coll);
    if (!collection) {
      collection = { options: {}, indexes: new Map(), docs: new MirrorDocs() };
      colls.set(coll, collection);
    }
    return collection;
  }

  /**
   * The engine-facing view, built once at open. Its `documents` iterate the live maps, so the engine
   * must read it before its first commit.
   */
  toRecoveredCatalog(): RecoveredCatalog {
    const catalog: RecoveredCatalog = new Map();
    for (const [dbName, colls] of this.databases) {
      const view = new Map<string, RecoveredCollection>();
      for (const [collName, c] of colls) {
        view.set(collName, {
          options: c.options,
          indexes: [...c.indexes.values()],
          documents: { [Symbol.iterator]: () => c.docs.values() },
          documentCount: c.docs.size,
        });
      }
      catalog.set(dbName, view);
    }
    return catalog;
  }
}
