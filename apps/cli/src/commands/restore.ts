import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { restoreBackup } from '@formwell/db';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../run-cli.js';

/**
 * `restore --in FILE [--force]` → `{collections, documents, indexes, ms}`: loads a `backup` dump into
 * an empty database. `--force` replaces the collections the dump holds instead of refusing.
 */
export async function restore({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { in: { type: 'string' }, force: { type: 'boolean', default: false } },
    strict: true,
  });
  const started = performance.now();
  const summary = await restoreBackup({ file: resolve(requiredOption(values, 'in')), replace: values.force });

  return { ...summary, ms: Math.round(performance.now() - started) };
}
