import type { ChangeRecord } from '../persistence/records.js';

export type { ChangeRecord };

/** Where committed change records go: the journal with a dbPath, nowhere in memory mode. */
export type Durability = { commit(records: readonly ChangeRecord[]): Promise<void> };

/**
 * The change records of every command of one engine, in the order the changes were made, until they
 * are handed to the durability layer. Every mutation of the catalog appends here, and a write is
 * acknowledged only once `commit` has made everything before it durable.
 *
 * One list for the whole engine rather than one per command: a write that pauses for other
 * connections (a long `updateMany`) may still hold changes when another client's write runs and
 * commits. Each journal record carries a whole document, so a replay applies records in journal
 * order; were the paused write's older record journaled after the other client's newer one, a
 * restart would bring back the older document and lose an acknowledged write. Whoever commits
 * first hands over everything made so far, so the journal order is always the order of changes.
 */
export class ChangeLog {
  private pending: ChangeRecord[] = [];

  constructor(private readonly durability: Durability) {}

  push(rec: ChangeRecord): void {
    this.pending.push(rec);
  }

  /**
   * Hands every change made so far, by any command, to the durability layer; resolves once they
   * (and everything committed before them) are durable. With nothing pending it still waits for
   * earlier commits, which may hold this caller's changes.
   */
  commit(): Promise<void> {
    const records = this.pending;
    this.pending = [];
    return this.durability.commit(records);
  }
}
