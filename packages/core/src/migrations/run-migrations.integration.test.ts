import { MigrationModel, migrationLogRepository } from '@formwell/db';
import { beforeEach, describe, expect, test } from 'vitest';

import { useTestDatabase } from '../../test/use-test-database.js';
import { MIGRATIONS, type TMigration } from './migrations.js';
import { MigrationLockTimeoutError, runMigrations } from './run-migrations.js';
import { checkSchemaVersion, SchemaTooNewError } from './schema-version.js';

useTestDatabase('core_migrations');

const LATEST = Math.max(...MIGRATIONS.map((migration) => migration.version));

beforeEach(async () => {
  await MigrationModel.deleteMany({});
});

/** Migrations that count their runs; `gate` holds the first one inside `up` until opened. */
function countingMigrations() {
  const runs = new Map<number, number>();
  let entered!: () => void;
  let open!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const gate = new Promise<void>((resolve) => (open = resolve));
  const migrations: TMigration[] = [1, 2].map((version) => ({
    version,
    name: `counting-${String(version)}`,
    up: async () => {
      runs.set(version, (runs.get(version) ?? 0) + 1);
      if (version === 1) {
        entered();
        await gate;
      }
    },
  }));

  return { migrations, runs, inside, open };
}

describe('formwell db migrate', () => {
  test('a fresh database gets every migration once, recorded; a second run applies nothing', async () => {
    const first = await runMigrations();
    expect(first).toEqual({
      schemaVersion: LATEST,
      applied: MIGRATIONS.map(({ version, name }) => ({ version, name })),
    });
    const recorded = await MigrationModel.find({ version: { $exists: true } }).lean();
    expect(recorded.map(({ _id, version, name }) => ({ _id, version, name }))).toEqual(
      MIGRATIONS.map(({ version, name }) => ({ _id: `v${String(version)}`, version, name })),
    );
    expect(recorded.every((record) => record.appliedAt instanceof Date)).toBe(true);

    const second = await runMigrations();
    expect(second).toEqual({ schemaVersion: LATEST, applied: [] });
    const again = await MigrationModel.find({ version: { $exists: true } }).lean();
    expect(again).toEqual(recorded);
    // The lock is released after each run.
    expect(await MigrationModel.countDocuments({ _id: 'lock' })).toBe(0);
    expect(await checkSchemaVersion(MIGRATIONS)).toEqual({ schemaVersion: LATEST, pending: [] });
  });

  test('only migrations not yet recorded run, in version order', async () => {
    const order: number[] = [];
    const migrations: TMigration[] = [3, 1, 2].map((version) => ({
      version,
      name: `m${String(version)}`,
      up: () => {
        order.push(version);

        return Promise.resolve();
      },
    }));
    await migrationLogRepository.recordApplied({ version: 2, name: 'm2' });
    expect(await checkSchemaVersion(migrations)).toEqual({ schemaVersion: 2, pending: [1, 3] });

    const report = await runMigrations({ migrations });
    expect(order).toEqual([1, 3]);
    expect(report).toEqual({
      schemaVersion: 3,
      applied: [
        { version: 1, name: 'm1' },
        { version: 3, name: 'm3' },
      ],
    });
  });

  test('two runs at once: the lock lets one apply each migration, the other finds nothing to do', async () => {
    const { migrations, runs, inside, open } = countingMigrations();
    const first = runMigrations({ migrations });
    await inside;
    // While the first run is inside a migration, nobody else can take the lock...
    expect(await migrationLogRepository.tryLock({ owner: 'intruder', leaseMs: 60_000 })).toBe(false);
    // ...and a second run started now waits for it.
    const second = runMigrations({ migrations });
    open();
    const [a, b] = await Promise.all([first, second]);

    expect(a.applied.map(({ version }) => version)).toEqual([1, 2]);
    expect(b.applied).toEqual([]);
    expect(Object.fromEntries(runs)).toEqual({ 1: 1, 2: 1 });
    expect(await MigrationModel.countDocuments({ _id: 'lock' })).toBe(0);
  });

  test('a held lock makes a run give up with a clear error once its wait is over; an expired one is taken over', async () => {
    expect(await migrationLogRepository.tryLock({ owner: 'other run', leaseMs: 60_000 })).toBe(true);
    const error = await runMigrations({ waitForLockMs: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationLockTimeoutError);
    expect((error as Error).message).toMatch(/has held the migration lock/);
    expect(await MigrationModel.countDocuments({ version: { $exists: true } })).toBe(0);

    // A run that crashed leaves its lock behind; once its lease is over the next run proceeds.
    await MigrationModel.updateOne({ _id: 'lock' }, { $set: { lockedUntil: new Date(Date.now() - 1) } });
    expect((await runMigrations({ waitForLockMs: 0 })).schemaVersion).toBe(LATEST);
  });

  test('a database recorded at a newer version is refused, and nothing is applied or locked', async () => {
    await migrationLogRepository.recordApplied({ version: LATEST + 1, name: 'from-the-future' });
    const expected = `the database's schema version is ${String(LATEST + 1)}, newer than this release understands (${String(LATEST)})`;

    await expect(checkSchemaVersion(MIGRATIONS)).rejects.toThrow(expected);
    const error = await runMigrations().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect((error as Error).message).toContain(expected);
    expect(await MigrationModel.countDocuments({ version: { $lte: LATEST } })).toBe(0);
    expect(await MigrationModel.countDocuments({ _id: 'lock' })).toBe(0);
  });
});
