import { dirname, join, resolve } from 'node:path';
import type { CatalogMirror } from './catalog-mirror.js';
import { Compactor } from './compactor.js';
import { fsyncDirectory, journalName } from './db-files.js';
import { JournalWriter } from './journal-writer.js';
import type { WriterCounters } from './journal-writer.js';
import { acquireDbPathLock } from './lock-file.js';
import { encodeBatch } from './record-codec.js';
import type { ChangeRecord, DurableStoreStats, RecoveredCatalog, RecoveryReport } from './records.js';
import { recover } from './recovery.js';
import { makePrivateDir, tightenDbPath } from './file-modes.js';

export { DbPathLockedError } from './lock-file.js';

export type DurableStoreOptions = {
  dbPath: string;
  /** Minimum spacing between journal fdatasyncs, in ms (default 100; 0 = back-to-back group commit). */
  groupCommitMs?: number;
  /**
   * Compact once the journal exceeds max(this, size of the last snapshot) bytes (default 64 MiB).
   * Tying it to the snapshot size keeps the journal bounded while keeping the rewrite cost of big
   * databases amortised (each compaction rewrites at most as much as the journal grew).
   */
  compactJournalBytes?: number;
};

export type DurableStore = {
  /** The catalog recovered at open; read it before the first commit (its documents are live). */
  readonly state: RecoveredCatalog;
  readonly recovery: RecoveryReport;
  /** Resolves once the records are durably on disk (written and fdatasync'ed), as one atomic frame. */
  commit(records: readonly ChangeRecord[]): Promise<void>;
  /** Forces a snapshot and a fresh journal; resolves when the snapshot is durable. */
  compact(): Promise<void>;
  stats(): DurableStoreStats;
  /** Flushes everything pending, stops compaction, releases the lock. */
  close(): Promise<void>;
};

/** Opens (creating if needed) the store in `dbPath`; see index.ts for how the engine uses it. */
export async function openDurableStore(options: DurableStoreOptions): Promise<DurableStore> {
  const { dbPath, groupCommitMs = 100, compactJournalBytes = 64 * 1024 * 1024 } = options;
  if (!(groupCommitMs >= 0) || !(compactJournalBytes > 0)) {
    throw new RangeError('openDurableStore: groupCommitMs must be >= 0 and compactJournalBytes > 0');
  }
  const created = await makePrivateDir(dbPath);
  // The entries of newly created directories must be durable too, or a crash could lose them all.
  if (created !== undefined) {
    const top = resolve(created);
    for (let dir = resolve(dbPath); ; dir = dirname(dir)) {
      await fsyncDirectory(dirname(dir));
      if (dir === top) break;
    }
  }
  const lock = await acquireDbPathLock(dbPath);
  try {
    await tightenDbPath(dbPath);
    const recovered = await recover(dbPath);
    const counters: WriterCounters = { fsyncs: 0 };
    const writer = await JournalWriter.open(
      join(dbPath, journalName(recovered.generation)),
      groupCommitMs,
      counters,
    );
    await fsyncDirectory(dbPath); // the journal may have just been created
    return new Store(dbPath, recovered.mirror, recovered.report, writer, recovered.generation, {
      counters,
      groupCommitMs,
      compactJournalBytes,
      snapshotBytes: recovered.snapshotBytes,
      releaseLock: () => lock.release(),
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

type StoreSettings = {
  counters: WriterCounters;
  groupCommitMs: number;
  compactJournalBytes: number;
  snapshotBytes: number;
  releaseLock: () => Promise<void>;
};

class Store implements DurableStore {
  readonly state: RecoveredCatalog;
  private commits = 0;
  private closing: Promise<void> | null = null;
  private readonly compactor: Compactor;

  constructor(
    dbPath: string,
    private readonly mirror: CatalogMirror,
    readonly recovery: RecoveryReport,
    writer: JournalWriter,
    generation: number,
    private readonly settings: StoreSettings,
  ) {
    this.state = mirror.toRecoveredCatalog();
    this.compactor = new Compactor(dbPath, mirror, writer, generation, settings);
  }

  commit(records: readonly ChangeRecord[]): Promise<void> {
    if (this.closing) return Promise.reject(new Error('durable store is closed'));
    // A failed journal must not let more changes into the mirror (a snapshot would make them durable).
    const failed = this.compactor.writer.failed;
    if (failed) return Promise.reject(failed);
    if (records.length === 0) return this.compactor.barrier();
    let frame: Buffer;
    let stored: ReturnType<typeof encodeBatch>['stored'];
    try {
      // Encode everything before touching the mirror: a record that cannot be serialized must
      // leave no trace, in memory or on disk.
      ({ frame, stored } = encodeBatch(records));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    for (const rec of stored) this.mirror.apply(rec);
    this.commits += 1;
    const durable = this.compactor.writer.append(frame);
    this.compactor.maybeStart();
    return durable;
  }

  compact(): Promise<void> {
    if (this.closing) return Promise.reject(new Error('durable store is closed'));
    return this.compactor.compact();
  }

  stats(): DurableStoreStats {
    return {
      fsyncs: this.settings.counters.fsyncs,
      commits: this.commits,
      generation: this.compactor.generation,
      journalBytes: this.compactor.writer.bytes,
      compactions: this.compactor.completed,
      lastCompactionError: this.compactor.lastError?.message ?? null,
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.compactor.close();
      } finally {
        await this.settings.releaseLock();
      }
    })();
    return this.closing;
  }
}
