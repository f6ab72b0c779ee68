import type { ChangeRecord } from '../persistence/records.js';

export type { ChangeRecord };

/** Where committed change records go: the journal with a dbPath, nowhere in memory mode. */
export type Durability = { commit(records: readonly ChangeRecord[]): Promise<void> };

/**
 * The change records of every command of one engine, in the order the changes were made, until they
 * are handed to the durability layer.
 *
 * One list for the whole engine rather than one per command: a write that pauses for other
 * connections (a long `updateMany`) may still hold changes when another client's write runs and
 * commits. Each journal record carries a whole document, so a replay applies records in journal
 * order; were the paused write's older record journaled after the other client's newer one, a
 * restart would bring back the older document and lose an acknowledged write. Whoever commits
 * first hands over everything made so far, so the journal order is always the order of changes.
 */
export class EngineChanges {
  private pending: { rec: ChangeRecord; by: ChangeLog }[] = [];

  constructor(private readonly durability: Durability) {}

  /** The log one command (or one TTL sweep) writes its changes to. */
  forCommand(): ChangeLog {
    return new ChangeLog(this);
  }

  push(rec: ChangeRecord, by: ChangeLog): void {
    this.pending.push({ rec, by });
  }

  /**
   * Hands every change made so far, by any command, to the durability layer. A batch that fails
   * fails every command with a change in it, not only the one that handed it over: the others
   * would otherwise be acknowledged for changes that never reached the journal.
   */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const committed = this.durability.commit(batch.map(({ rec }) => rec));
    if (batch.length > 0) {
      // Only the logs are kept until the batch is durable, not the records (decoded documents).
      const logs = batch.map(({ by }) => by);
      committed.catch((error: unknown) => {
        for (const by of logs) by.failed(error);
      });
    }
    return committed;
  }
}

/** One command's view of the engine's changes: every mutation of the catalog appends here. */
export class ChangeLog {
  private failure: { error: unknown } | undefined;

  constructor(private readonly engine: EngineChanges) {}

  push(rec: ChangeRecord): void {
    this.engine.push(rec, this);
  }

  failed(error: unknown): void {
    this.failure ??= { error };
  }

  /**
   * Resolves once this command's changes (and everything made before them) are durable; with
   * nothing pending it still waits for earlier commits, which may hold this command's changes.
   */
  async commit(): Promise<void> {
    await this.engine.flush();
    // Our changes went out in another command's batch, and that batch failed.
    if (this.failure) throw this.failure.error;
  }
}
