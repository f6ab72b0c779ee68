/**
 * Durability for the embedded engine: an append-only journal with group commit, plus compacting
 * snapshots. Nothing here knows about commands or queries; it stores logical change records.
 *
 * HOW THE ENGINE USES IT
 *
 * 1. At start, when a dbPath is given:
 *      const store = await openDurableStore({ dbPath });
 *    This takes `<dbPath>/LOCK` (a second process gets a DbPathLockedError), recovers the last
 *    snapshot + journal(s), and drops a torn final journal frame. `store.recovery` says what happened.
 *
 * 2. Rebuild the in-memory catalog from `store.state` BEFORE the first commit (its `documents`
 *    iterate the store's live maps, which commits change): for each db → collection, create it with `options`, create every spec in
 *    `indexes` (the store adds no implicit `_id_` index: add it yourself), and load `documents`
 *    (BSON buffers: `bson.deserialize(buf)`; they are immutable and yours to keep without copying).
 *    The store does not re-validate unique indexes. `store.recovery` is worth one log line
 *    (warn if `damagedJournalCopy` is set).
 *
 * 3. For every write command: apply the mutation in memory, then, in the same synchronous section
 *    (no `await` in between, so journal order equals mutation order), call
 *      await store.commit(records)
 *    with all the command's ChangeRecords in one array (they are journaled as one atomic frame), and
 *    only then send the reply. `commit` resolves after the frame is written and fdatasync'ed; if it
 *    rejects, answer the command with an error: the store is then failed and every later commit
 *    rejects too (the disk is not trustworthy after a failed fsync). A write command that changed
 *    nothing (e.g. an update that matched nothing) should still `await store.commit([])`: it waits
 *    until every earlier commit is durable, so a reply never acknowledges state that a crash could
 *    still take away.
 *    What to emit: insert/update/replace/findAndModify/upsert → `put` with the full document after
 *    the write (add `bytes` when you already hold its BSON: no second serialize; a standalone Buffer
 *    is shared with the store, so never mutate it; a view into a big arena is copied); delete → `del`;
 *    create → `createCollection` (for an implicit create by insert, `put` alone is enough: the
 *    collection then gets `{}` options); collMod → `createCollection` again
 *    (it overwrites options); createIndexes → one `createIndex` per index; dropIndexes → `dropIndex`
 *    per index; drop → `dropCollection`; dropDatabase → `dropDatabase`. TTL expiry deletions are
 *    ordinary `del` records (commit them; nobody waits on the promise but do catch rejections).
 *
 * 4. On stop: `await store.close()` after the server stopped accepting writes. It flushes and fsyncs
 *    everything pending and releases the lock. Without dbPath, do not use this module at all.
 *
 * Compaction is automatic: when the journal passes `compactJournalBytes`, the store writes a snapshot
 * from its own copy of the data (documents kept as BSON buffers) and starts a fresh journal, without
 * blocking commits. `compact()` forces one (tests, or an admin command).
 *
 * Group commit: fdatasync runs at most once per `groupCommitMs` (default 100). A commit arriving when
 * the last flush started ≥ groupCommitMs ago (idle) is flushed at once; commits arriving during a
 * flush or inside the window wait for the window's end and share one fdatasync. So a lone sequential
 * client is limited to ~1000/groupCommitMs acknowledged writes per second while many concurrent
 * clients share each flush. `groupCommitMs: 0` gives classic group commit (flush back to back).
 */
export { openDurableStore, DbPathLockedError } from './durable-store.js';
export type { DurableStore } from './durable-store.js';
export type { ChangeRecord, DurableStoreStats, RecoveredCatalog, RecoveryReport } from './records.js';
