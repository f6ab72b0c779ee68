import { deserialize } from 'bson';
import type { RecoveredCatalog } from '../persistence/index.js';
import type { StorageEngine } from '../storage/engine.js';
import { normalizeIndexSpec } from '../indexes/index-spec.js';

/** Rebuilds collections, indexes and documents from what the durable store recovered at open. */
export function rebuildCatalog(engine: StorageEngine, catalog: RecoveredCatalog): void {
  for (const [db, colls] of catalog) {
    for (const [name, rec] of colls) {
      const coll = engine.create(db, name, rec.options, null);
      for (const spec of rec.indexes) {
        if (spec.name === '_id_') continue;
        coll.createIndex(normalizeIndexSpec(spec), null);
      }
      // insert() copies the bytes into the collection's own chunks.
      for (const buf of rec.documents) coll.insert(deserialize(buf), null, buf, 'restore');
    }
  }
}
