import { migrationLogRepository } from '@formwell/db';

import type { TMigration } from './migrations.js';

/** The database was migrated by a newer release: this one could misread or damage its data. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly supportedVersion: number,
  ) {
    super(
      `the database's schema version is ${String(databaseVersion)}, newer than this release understands ` +
        `(${String(supportedVersion)}): run a release at least as new as the one that migrated it`,
    );
    this.name = 'SchemaTooNewError';
  }
}

export type TSchemaStatus = {
  /** The highest applied migration version (0 on a database never migrated). */
  schemaVersion: number;
  /** Versions of this release not applied yet, ascending. */
  pending: number[];
};

function latestVersion(migrations: readonly TMigration[]): number {
  return Math.max(0, ...migrations.map((migration) => migration.version));
}

/** Reads the schema version; throws SchemaTooNewError when it is beyond `migrations`. */
export async function checkSchemaVersion(migrations: readonly TMigration[]): Promise<TSchemaStatus> {
  const applied = await migrationLogRepository.appliedVersions();
  const schemaVersion = Math.max(0, ...applied);
  const supported = latestVersion(migrations);
  if (schemaVersion > supported) {
    throw new SchemaTooNewError(schemaVersion, supported);
  }

  return {
    schemaVersion,
    pending: migrations
      .map((migration) => migration.version)
      .filter((version) => !applied.includes(version))
      .sort((a, b) => a - b),
  };
}
