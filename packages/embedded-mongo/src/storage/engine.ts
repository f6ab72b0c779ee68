import { Collection } from './collection.js';
import type { ChangeLog } from './change-log.js';
import { invalidNamespace, namespaceExists } from '../errors.js';

type Doc = Record<string, unknown>;

const BAD_DB_CHARS = /[/\\. "$\0]/;

function checkDbName(db: string): void {
  if (!db || BAD_DB_CHARS.test(db) || db.length > 63)
    throw invalidNamespace(`Invalid database name: '${db}'`);
}

function checkCollectionName(db: string, name: string): void {
  if (!name || name.includes('$') || name.includes('\0') || name.startsWith('.')) {
    throw invalidNamespace(`Invalid collection name: ${db}.${name}`);
  }
}

/** The whole catalog: databases → collections. A database exists while it holds a collection. */
export class StorageEngine {
  readonly dbs = new Map<string, Map<string, Collection>>();

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  collections(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  /** Returns the collection, creating it implicitly (as an insert or upsert does). */
  ensure(db: string, name: string, log: ChangeLog | null): Collection {
    return this.collection(db, name) ?? this.create(db, name, {}, log);
  }

  create(db: string, name: string, options: Doc, log: ChangeLog | null, uuid?: string): Collection {
    checkDbName(db);
    checkCollectionName(db, name);
    if (this.collection(db, name)) throw namespaceExists(`Collection ${db}.${name} already exists.`);
    let colls = this.dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(db, colls);
    }
    const coll = new Collection(db, name, options, uuid);
    colls.set(name, coll);
    log?.push({ t: 'createCollection', db, coll: name, options });
    return coll;
  }

  drop(db: string, name: string, log: ChangeLog | null): boolean {
    const colls = this.dbs.get(db);
    if (!colls?.delete(name)) return false;
    if (colls.size === 0) this.dbs.delete(db);
    log?.push({ t: 'dropCollection', db, coll: name });
    return true;
  }

  dataSize(): number {
    let n = 0;
    for (const colls of this.dbs.values()) for (const c of colls.values()) n += c.docs.bytes;
    return n;
  }

  dropDatabase(db: string, log: ChangeLog | null): void {
    if (!this.dbs.delete(db)) return;
    log?.push({ t: 'dropDatabase', db });
  }
}
