import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { ensureIndexes, migrationLogRepository } from '@formwell/db';

import { MIGRATIONS, type TMigration } from './migrations.js';
import { checkSchemaVersion } from './schema-version.js';

/** A second run waits this long for the lock before giving up (a first run may be rebuilding). */
const DEFAULT_WAIT_FOR_LOCK_MS = 15 * 60_000;
/** The lock's lease, renewed at a third of it while migrations run. */
const DEFAULT_LEASE_MS = 60_000;
const LOCK_POLL_MS = 250;

export class MigrationLockTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(
      `another \`formwell db migrate\` (or a server migrating at start) has held the migration lock for ` +
        `${String(Math.round(waitedMs / 1000))} s; try again once it has finished`,
    );
    this.name = 'MigrationLockTimeoutError';
  }
}

export type TRunMigrationsOptions = {
  migrations?: readonly TMigration[];
  leaseMs?: number;
  waitForLockMs?: number;
};

export type TMigrationReport = {
  schemaVersion: number;
  applied: { version: number; name: string }[];
};

/**
 * `formwell db migrate`: builds every index, then applies the data migrations not yet recorded, in
 * version order, each recorded once done. One run at a time holds the lock; a concurrent run waits
 * for it and then finds nothing left to do. Refuses a database migrated by a newer release.
 */
export async function runMigrations({
  migrations = MIGRATIONS,
  leaseMs = DEFAULT_LEASE_MS,
  waitForLockMs = DEFAULT_WAIT_FOR_LOCK_MS,
}: TRunMigrationsOptions = {}): Promise<TMigrationReport> {
  await checkSchemaVersion(migrations);
  await ensureIndexes();
  const owner = randomUUID();
  await acquireLock({ owner, leaseMs, waitForLockMs });
  const renewal = setInterval(() => {
    void migrationLogRepository.renewLock({ owner, leaseMs }).catch(() => undefined);
  }, leaseMs / 3);
  try {
    // Read again under the lock: a run that held it before may have applied some meanwhile.
    const { pending } = await checkSchemaVersion(migrations);
    const applied: TMigrationReport['applied'] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (!pending.includes(migration.version)) continue;
      await migration.up();
      await migrationLogRepository.recordApplied(migration);
      applied.push({ version: migration.version, name: migration.name });
    }
    const { schemaVersion } = await checkSchemaVersion(migrations);

    return { schemaVersion, applied };
  } finally {
    clearInterval(renewal);
    await migrationLogRepository.unlock({ owner });
  }
}

async function acquireLock({
  owner,
  leaseMs,
  waitForLockMs,
}: {
  owner: string;
  leaseMs: number;
  waitForLockMs: number;
}): Promise<void> {
  const started = Date.now();
  while (!(await migrationLogRepository.tryLock({ owner, leaseMs }))) {
    if (Date.now() - started >= waitForLockMs) {
      throw new MigrationLockTimeoutError(Date.now() - started);
    }
    await sleep(LOCK_POLL_MS);
  }
}
