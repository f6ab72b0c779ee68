import type { Document } from 'bson';

/**
 * An index as the engine describes it (the document `createIndexes` receives / `listIndexes` returns).
 * The store keeps it verbatim and keys it by `name`.
 */
export type IndexSpec = Document & {
  key: Document;
  name: string;
  unique?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Document;
};

/**
 * One logical change, produced by the engine for every mutation. Every variant is a "blind write"
 * (it sets or removes state without reading it), which is what lets recovery replay a journal over
 * a snapshot that already contains some of its effects.
 */
export type ChangeRecord =
  /**
   * Insert or replace: `doc` is the full document after the write, `id` its `_id` value. `bytes`,
   * optional, is `doc` already encoded as BSON: the store then journals it as is instead of
   * serializing `doc` again. It must not change before the commit has returned; the store keeps
   * no reference to it (its catalog mirror keeps a copy in chunks of its own).
   */
  | { t: 'put'; db: string; coll: string; id: unknown; doc: Document; bytes?: Uint8Array }
  | { t: 'del'; db: string; coll: string; id: unknown }
  /** Also used to change options on an existing collection (collMod): it overwrites them. */
  | { t: 'createCollection'; db: string; coll: string; options: Document }
  | { t: 'dropCollection'; db: string; coll: string }
  /** Creates, or replaces, the index named `spec.name`. */
  | { t: 'createIndex'; db: string; coll: string; spec: IndexSpec }
  | { t: 'dropIndex'; db: string; coll: string; name: string }
  | { t: 'dropDatabase'; db: string };

/** A recovered collection, in the shape that is cheapest to rebuild from. */
export type RecoveredCollection = {
  options: Document;
  /** Exactly the specs received through `createIndex` records (the store adds no implicit `_id_`). */
  indexes: IndexSpec[];
  /** Each document as one BSON buffer; deserialize with `bson.deserialize`. */
  documents: Iterable<Uint8Array>;
  documentCount: number;
};

/** databases → collections → contents, as recovered from disk when the store was opened. */
export type RecoveredCatalog = Map<string, Map<string, RecoveredCollection>>;

/** Counters for tests, benchmarks and logs. */
export type DurableStoreStats = {
  /** Number of fdatasync calls on journal files since open (group commit makes this < commits). */
  fsyncs: number;
  /** Number of `commit` calls that wrote a frame. */
  commits: number;
  /** Current journal generation and its size in bytes. */
  generation: number;
  journalBytes: number;
  /** Completed compactions (snapshot + fresh journal) since open. */
  compactions: number;
  /**
   * Why the last automatic compaction failed (e.g. disk full), or null. Commits are unaffected (the
   * old snapshot and the journals stay valid); the next trigger retries. Worth logging if set.
   */
  lastCompactionError: string | null;
};

/** What recovery found, worth one log line at start. */
export type RecoveryReport = {
  snapshotGeneration: number | null;
  journalsReplayed: number;
  framesReplayed: number;
  recordsReplayed: number;
  /** Bytes cut from the end of the last journal (a torn or corrupt final frame), 0 normally. */
  truncatedBytes: number;
  /**
   * Set when intact frames followed the bad one (damage rather than a torn write, or pages of the
   * last write persisted out of order): the path of a copy of the journal as found, for inspection.
   * Worth a warning in the engine's log.
   */
  damagedJournalCopy: string | null;
  durationMs: number;
};
