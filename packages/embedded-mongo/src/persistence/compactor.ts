import { join } from 'node:path';
import type { CatalogMirror } from './catalog-mirror.js';
import {
  fsyncDirectory,
  journalName,
  listDbFiles,
  publishFile,
  removeQuietly,
  snapshotName,
} from './db-files.js';
import { JournalWriter } from './journal-writer.js';
import type { WriterCounters } from './journal-writer.js';
import { writeSnapshotFile } from './snapshot.js';

type CompactorSettings = {
  counters: WriterCounters;
  groupCommitMs: number;
  compactJournalBytes: number;
  snapshotBytes: number;
};

/**
 * Owns the current journal and replaces it: compaction = start journal N+1 (commits switch to it at
 * once), write snapshot N from the mirror while commits continue, publish it atomically, then delete
 * everything older. Until the rename, snapshot N-1 + journals N-1 and N describe the full state, so
 * a crash at any point loses nothing.
 */
export class Compactor {
  generation: number;
  completed = 0;
  lastError: Error | null = null;
  private previousDrain: Promise<void> = Promise.resolve();
  private running: Promise<void> | null = null;
  private stopping = false;
  private snapshotBytes: number;

  constructor(
    private readonly dbPath: string,
    private readonly mirror: CatalogMirror,
    public writer: JournalWriter,
    generation: number,
    private readonly settings: CompactorSettings,
  ) {
    this.generation = generation;
    this.snapshotBytes = settings.snapshotBytes;
  }

  /** Resolves once everything committed so far, in this journal or the one being drained, is durable. */
  async barrier(): Promise<void> {
    await Promise.all([this.previousDrain, this.writer.barrier()]);
  }

  /**
   * The automatic trigger, checked after each commit and after each compaction (the journal may have
   * passed the threshold again while the snapshot was written), so the journal stays below the
   * threshold plus what arrives during one compaction. A failure is kept, not thrown: commits go on
   * and the next trigger retries once the (new) journal has grown past the threshold again.
   */
  maybeStart(): void {
    const threshold = Math.max(this.settings.compactJournalBytes, this.snapshotBytes);
    if (this.running || this.stopping || this.writer.bytes < threshold) return;
    this.running = this.run().then(
      () => {
        this.running = null;
        this.lastError = null;
        this.maybeStart();
      },
      (error: unknown) => {
        this.running = null;
        this.lastError = error instanceof Error ? error : new Error(String(error));
      },
    );
  }

  /** A compaction that starts after this call (waiting for a running one first). */
  async compact(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.run();
    this.running = run
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
      });
    await run;
  }

  async close(): Promise<void> {
    this.stopping = true;
    while (this.running) await this.running.catch(() => undefined);
    await this.writer.close();
  }

  private async run(): Promise<void> {
    if (this.stopping) return;
    const gen = this.generation + 1;
    const next = await JournalWriter.open(
      join(this.dbPath, journalName(gen)),
      this.settings.groupCommitMs,
      this.settings.counters,
    );
    await fsyncDirectory(this.dbPath); // the new journal must exist after a crash before it acks anything
    // The swap is synchronous: every commit lands wholly in the old journal or wholly in the new one.
    const old = this.writer;
    const drain = old.close();
    next.gate = drain;
    this.previousDrain = drain;
    this.writer = next;
    this.generation = gen;
    await drain;

    const tmpName = `${snapshotName(gen)}.tmp`;
    try {
      this.snapshotBytes = await writeSnapshotFile(
        this.dbPath,
        tmpName,
        gen,
        this.mirror,
        () => this.stopping,
      );
      // The snapshot may hold effects of commits not yet fsynced in journal `gen`; wait for them, so
      // that publishing it can never make an unfinished (possibly partial) commit visible.
      await this.barrier();
      await publishFile(this.dbPath, tmpName, snapshotName(gen));
    } catch (error) {
      await removeQuietly(this.dbPath, [tmpName]);
      throw error;
    }
    const files = await listDbFiles(this.dbPath);
    await removeQuietly(this.dbPath, [
      ...files.snapshots.filter((g) => g < gen).map(snapshotName),
      ...files.journals.filter((g) => g < gen).map(journalName),
    ]);
    this.completed += 1;
  }
}
