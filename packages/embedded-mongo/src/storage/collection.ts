import { randomUUID } from 'node:crypto';
import { deserialize, serialize, ObjectId, calculateObjectSize } from 'bson';
import { IndexStore } from '../indexes/index-store.js';
import { encodeValue } from '../indexes/key-encoding.js';
import { DocStore } from './doc-store.js';
import { idElementsOf, withIdFirst } from './id-first.js';
import type { IndexSpec } from '../indexes/index-spec.js';
import { MongoCommandError, badValue, indexNotFound, tooLarge } from '../errors.js';
import { duplicateKeyError } from './duplicate-key.js';
import type { ChangeLog } from './change-log.js';
import { MAX_BSON_SIZE } from '../wire/header.js';
import { checkStorageDepth } from '../bson/depth.js';
import { restoreUndefined } from '../bson/undefined-value.js';

type Doc = Record<string, unknown>;

/** A document's encoded keys per index, as IndexStore.keysFor gives them. */
type IndexKeys = ReadonlyMap<IndexStore, string[]>;

const EMPTY_DOC = Buffer.from([5, 0, 0, 0, 0]);

const ID_INDEX_SPEC: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

const insertTooLarge = (size: number) =>
  badValue(`object to insert too large. size in bytes: ${String(size)}, max size: ${String(MAX_BSON_SIZE)}`);

/** Counters tests and the bench use to prove that queries use indexes. */
export type CollectionStats = { docsExamined: number; keysExamined: number };

/**
 * One collection: documents as BSON buffers keyed by an internal record id, and its ordered indexes.
 * Every mutation goes through insert/replace/remove/createIndex/dropIndex, which emit change records.
 */
export class Collection {
  readonly docs = new DocStore();
  readonly indexes = new Map<string, IndexStore>();
  readonly idIndex: IndexStore;
  readonly stats: CollectionStats = { docsExamined: 0, keysExamined: 0 };
  private nextRid = 1;
  private indexedCache: Set<string> | undefined;

  constructor(
    readonly db: string,
    readonly name: string,
    readonly options: Doc = {},
    /**
     * Who this collection is, apart from its name (mongod's collection UUID, here kept for the
     * process's life only): a find paused on it is killed when it is dropped, even if another of the
     * same name is made meanwhile, and a rename within its database keeps it.
     */
    readonly uuid: string = randomUUID(),
  ) {
    this.idIndex = new IndexStore({ ...ID_INDEX_SPEC, unique: true });
    this.indexes.set('_id_', this.idIndex);
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  raw(rid: number): Buffer | undefined {
    return this.docs.get(rid);
  }

  doc(rid: number): Doc | undefined {
    const buf = this.docs.get(rid);
    this.stats.docsExamined++;
    return buf ? deserialize(buf) : undefined;
  }

  ridOfId(id: unknown): number | undefined {
    return this.idIndex.tree.get(encodeValue(id));
  }

  /**
   * Inserts a document (adding an ObjectId `_id` if missing); `raw` is its BSON when already encoded.
   * `purpose` says whether an insert or an upsert produced it (mongod words their errors apart), or
   * that recovery restores a document stored before (never refused, so old data always loads).
   */
  insert(
    doc: Doc,
    log: ChangeLog | null,
    raw?: Uint8Array,
    purpose: 'insert' | 'update' | 'restore' = 'insert',
  ): number {
    // One walk of the client's elements serves both the duplicate check and the splice below.
    const ids = raw ? idElementsOf(raw) : undefined;
    if (purpose === 'insert' && ids?.several)
      throw badValue("can't have multiple _id fields in one document");
    if (doc._id === undefined || Object.keys(doc)[0] !== '_id') {
      // mongod stores _id as the first field whatever the client sent (the driver appends it, or
      // leaves it to the server). The stored bytes are spliced, not re-encoded, so every value
      // keeps its BSON type.
      const generated = doc._id === undefined ? new ObjectId() : undefined;
      const { _id = generated, ...rest } = doc;
      doc = { _id, ...rest };
      if (raw && ids) raw = withIdFirst(raw, generated, ids.first);
    }
    if (Array.isArray(doc._id)) throw badValue("can't use an array for _id");
    if (raw && raw.length > MAX_BSON_SIZE) throw insertTooLarge(raw.length);
    const buf = raw ?? this.encode(doc, purpose === 'update' ? 'update' : 'insert');
    if (purpose !== 'restore') checkStorageDepth(buf, purpose);
    const keys = this.computeKeys(doc, -1);
    const rid = this.nextRid++;
    for (const [index, k] of keys) index.add(k, rid);
    this.docs.set(rid, buf);
    // The store may keep `bytes`: pass our own (immutable) copy so engine and journal share memory.
    log?.push({ t: 'put', db: this.db, coll: this.name, id: doc._id, doc, bytes: this.docs.get(rid) });
    return rid;
  }

  /**
   * The bytes an update would store for `doc`, refused past 16 MB as mongod refuses the update: an
   * update statement compares them with the stored bytes, then hands them to `replace`.
   */
  encodeUpdated(doc: Doc): Uint8Array {
    return this.encode(doc, 'update');
  }

  /** The keys a document has in each index, or in the `only` ones (see replace). */
  indexKeys(doc: Doc, only?: readonly IndexStore[]): IndexKeys {
    return new Map([...(only ?? this.indexes.values())].map((index) => [index, index.keysFor(doc)]));
  }

  /**
   * Replaces the document stored under `rid` (its `_id` must not change; callers check): `oldKeys`
   * are the stored document's keys (indexKeys), `buf` is `newDoc` encoded by encodeUpdated, when the
   * caller has it already. Only the indexes in `oldKeys` are rekeyed when `onlyThese` is set: the
   * caller knows the others read no field that changed (see indexesReading).
   */
  replace(
    rid: number,
    oldKeys: IndexKeys,
    newDoc: Doc,
    log: ChangeLog | null,
    buf: Uint8Array = this.encodeUpdated(newDoc),
    onlyThese = false,
  ): void {
    checkStorageDepth(buf, 'update');
    const newKeys = this.computeKeys(newDoc, rid, onlyThese ? oldKeys.keys() : this.indexes.values());
    // An index whose keys did not change keeps its entries (most updates touch no indexed field).
    for (const [index, keys] of newKeys) {
      const old = oldKeys.get(index) ?? [];
      if (sameKeys(old, keys)) continue;
      index.remove(old, rid);
      index.add(keys, rid);
    }
    this.docs.set(rid, buf);
    log?.push({
      t: 'put',
      db: this.db,
      coll: this.name,
      id: newDoc._id,
      doc: newDoc,
      bytes: this.docs.get(rid),
    });
  }

  /**
   * Stores new bytes under `rid` for an update that changed no field any index reads (see
   * indexedFields), so every index key stays as it was and is left alone; `id` is the document's
   * `_id`. The change record decodes the document only if the store asks for it (it journals the
   * bytes as they are).
   */
  replaceBytes(rid: number, id: unknown, buf: Uint8Array, log: ChangeLog | null): void {
    this.docs.set(rid, buf);
    const bytes = this.docs.get(rid);
    if (bytes) this.logBytes(id, bytes, log);
  }

  /**
   * As replaceBytes, for an edit of the stored bytes `old` (see inPlaceEdit) made on the store's own
   * copy of them; returns the new bytes, or undefined when the edit changed nothing (then nothing is
   * stored or journaled).
   */
  replaceEdited(
    rid: number,
    id: unknown,
    old: Uint8Array,
    edit: (copy: Buffer) => void,
    log: ChangeLog | null,
  ): Buffer | undefined {
    const bytes = this.docs.setEdited(rid, old, edit);
    if (bytes) this.logBytes(id, bytes, log);
    return bytes;
  }

  /** The change record of stored bytes; it decodes the document only if the store asks for it. */
  private logBytes(id: unknown, bytes: Buffer, log: ChangeLog | null): void {
    log?.push({
      t: 'put',
      db: this.db,
      coll: this.name,
      id,
      bytes,
      get doc() {
        return deserialize(bytes);
      },
    });
  }

  /**
   * The top-level field names some index reads, in its key or its partial filter: an update that
   * changes none of them leaves every index key as it was. Kept until the set of indexes changes.
   */
  indexedFields(): ReadonlySet<string> {
    if (!this.indexedCache) {
      const fields = new Set<string>();
      for (const index of this.indexes.values()) for (const field of index.readFields) fields.add(field);
      this.indexedCache = fields;
    }
    return this.indexedCache;
  }

  /** The indexes reading any of these top-level fields (see IndexStore.readFields). */
  indexesReading(fields: readonly string[]): IndexStore[] {
    return [...this.indexes.values()].filter((index) => fields.some((f) => index.readFields.has(f)));
  }

  remove(rid: number, doc: Doc, log: ChangeLog | null): void {
    for (const index of this.indexes.values()) index.remove(index.keysFor(doc), rid);
    this.docs.delete(rid);
    log?.push({ t: 'del', db: this.db, coll: this.name, id: doc._id });
  }

  /** Builds an index over existing documents; a unique violation aborts it with 11000 and no trace. */
  createIndex(spec: IndexSpec, log: ChangeLog | null): void {
    if (this.indexes.has(spec.name)) return;
    const index = new IndexStore(spec);
    for (const rid of this.docs.rids()) {
      const doc = deserialize(this.docs.get(rid) ?? EMPTY_DOC);
      const keys = index.keysFor(doc);
      if (index.unique) {
        for (const k of keys) {
          if (index.findDuplicate(k, rid) !== undefined)
            throw duplicateKeyError(this.ns, index, index.valuesFor(doc, k));
        }
        // Keys repeated within one document (multikey) are not duplicates; the tree keeps one.
      }
      index.add(keys, rid);
    }
    this.indexes.set(spec.name, index);
    this.indexedCache = undefined;
    log?.push({ t: 'createIndex', db: this.db, coll: this.name, spec });
  }

  /**
   * Gives an index a new definition differing only in options that leave its keys as they are
   * (collMod: hidden, expireAfterSeconds). Journaled as a drop and a create of the new definition.
   */
  redefineIndex(name: string, spec: IndexSpec, log: ChangeLog | null): void {
    const index = this.indexes.get(name);
    if (!index) throw indexNotFound(`index not found with name [${name}]`);
    const current = index.spec as Record<string, unknown>;
    for (const key of Object.keys(current)) if (!(key in spec)) delete current[key];
    Object.assign(current, spec);
    log?.push({ t: 'dropIndex', db: this.db, coll: this.name, name });
    log?.push({ t: 'createIndex', db: this.db, coll: this.name, spec: { ...spec } });
  }

  dropIndex(name: string, log: ChangeLog | null): void {
    if (name === '_id_') throw new MongoCommandError(72, 'InvalidOptions', 'cannot drop _id index');
    if (!this.indexes.delete(name)) throw indexNotFound(`index not found with name [${name}]`);
    this.indexedCache = undefined;
    log?.push({ t: 'dropIndex', db: this.db, coll: this.name, name });
  }

  /** Keys per index for a document, after checking every unique index (so a failure changes nothing). */
  private computeKeys(
    doc: Doc,
    selfRid: number,
    indexes: Iterable<IndexStore> = this.indexes.values(),
  ): [IndexStore, string[]][] {
    const out: [IndexStore, string[]][] = [];
    for (const index of indexes) {
      const keys = index.keysFor(doc);
      if (index.unique) {
        for (const k of keys) {
          if (index.findDuplicate(k, selfRid) !== undefined)
            throw duplicateKeyError(this.ns, index, index.valuesFor(doc, k));
        }
      }
      out.push([index, keys]);
    }
    return out;
  }

  /**
   * The document's BSON, refused above MongoDB's 16 MB. Serialized first and measured after, rather
   * than sized by a separate walk of the document before: that walk cost as much as the encoding
   * itself on every update. The exact size is computed only on the rare refusal (past bson's 17 MB
   * working buffer the encoder may throw or stop short, so its length is not trusted there).
   */
  private encode(doc: Doc, purpose: 'insert' | 'update' = 'insert'): Uint8Array {
    let bytes: Uint8Array;
    try {
      bytes = restoreUndefined(serialize(doc));
    } catch (error) {
      this.refuseTooLarge(calculateObjectSize(doc), purpose);
      throw error;
    }
    if (bytes.length > MAX_BSON_SIZE) this.refuseTooLarge(calculateObjectSize(doc), purpose);
    return bytes;
  }

  private refuseTooLarge(size: number, purpose: 'insert' | 'update'): void {
    if (size > MAX_BSON_SIZE) {
      // mongod answers the two cases differently: an update grows a document past the limit
      // (BSONObjectTooLarge, from its update stage); an insert brings one (BadValue, from the
      // check every inserted document passes, bulkWrite's included).
      if (purpose === 'update')
        throw tooLarge(`Resulting document after update is larger than ${String(MAX_BSON_SIZE)}`);
      throw insertTooLarge(size);
    }
  }
}

/**
 * The top-level field names a partial filter reads: its field keys, and those inside `$and`,
 * `$or` and `$nor` (operators below a field, like `$exists`, belong to that field).
 */
const sameKeys = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((key, i) => key === b[i]);
