import type { ChangeRecord } from '../persistence/records.js';

export type { ChangeRecord };

/**
 * Collects the logical change records of one command. Every mutation of the catalog appends here,
 * and the command is acknowledged only once the durability layer has committed them.
 */
export class ChangeLog {
  readonly records: ChangeRecord[] = [];

  push(rec: ChangeRecord): void {
    this.records.push(rec);
  }
}
