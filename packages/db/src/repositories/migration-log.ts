import { MigrationModel } from '../models/migration.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

const LOCK_ID = 'lock';

/** What the database records about data migrations: the versions applied, and who holds the lock. */
export const migrationLogRepository = {
  /** Every applied version, ascending. */
  async appliedVersions(): Promise<number[]> {
    const records = await MigrationModel.find({ version: { $exists: true } }, { version: 1 }).lean();

    return records.map((record) => record.version ?? 0).sort((a, b) => a - b);
  },

  /** Records a version as applied; recording it again keeps the first record. */
  async recordApplied({ version, name }: { version: number; name: string }): Promise<void> {
    await MigrationModel.updateOne(
      { _id: `v${String(version)}` },
      { $setOnInsert: { version, name, appliedAt: new Date() } },
      { upsert: true },
    );
  },

  /**
   * Takes the lock when nobody holds it or its holder's lease has run out. Two runs racing for a
   * free lock both try to insert the lock document; the unique `_id` lets exactly one succeed.
   */
  async tryLock({ owner, leaseMs }: { owner: string; leaseMs: number }): Promise<boolean> {
    const now = new Date();
    try {
      await MigrationModel.updateOne(
        { _id: LOCK_ID, lockedUntil: { $lte: now } },
        { $set: { owner, lockedUntil: new Date(now.getTime() + leaseMs) } },
        { upsert: true },
      );

      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  },

  /** Extends the holder's lease while a long migration runs; false when the lock was lost. */
  async renewLock({ owner, leaseMs }: { owner: string; leaseMs: number }): Promise<boolean> {
    const result = await MigrationModel.updateOne(
      { _id: LOCK_ID, owner },
      { $set: { lockedUntil: new Date(Date.now() + leaseMs) } },
    );

    return result.matchedCount === 1;
  },

  /** Releases the lock if this owner still holds it. */
  async unlock({ owner }: { owner: string }): Promise<void> {
    await MigrationModel.deleteOne({ _id: LOCK_ID, owner });
  },
};
