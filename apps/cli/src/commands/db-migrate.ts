import { parseArgs } from 'node:util';

import { runMigrations } from '@formwell/core';

import type { TCommandOptions } from '../command-options.js';

/**
 * `db migrate` → `{schemaVersion, applied: [{version, name}]}`: builds every index and applies the
 * data migrations this release has and the database has not recorded. Run it after each upgrade,
 * before starting the new servers; running it again applies nothing.
 */
export async function dbMigrate({ args }: TCommandOptions) {
  parseArgs({ args, options: {}, strict: true });

  return runMigrations();
}
