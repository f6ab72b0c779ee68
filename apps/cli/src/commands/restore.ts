import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { bumpAuthEpochs } from '@formwell/core';
import { restoreBackup, userRepository } from '@formwell/db';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `restore --in FILE [--force]` → `{collections, documents, indexes, ms}`: loads a `backup` dump into
 * an empty database. `--force` replaces the collections the dump holds instead of refusing.
 * Running servers may hold copies of keys, plans and forms the restore replaced: the epoch of every
 * user there before or after is bumped, so each replica reads them again on its next request.
 */
export async function restore({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { in: { type: 'string' }, force: { type: 'boolean', default: false } },
    strict: true,
  });
  const started = performance.now();
  const users = new Set<string>();
  if (values.force) {
    for await (const userId of userRepository.ids()) {
      users.add(userId);
    }
  }
  const summary = await restoreBackup({ file: resolve(requiredOption(values, 'in')), replace: values.force });
  for await (const userId of userRepository.ids()) {
    users.add(userId);
  }
  await bumpAuthEpochs(users);

  return { ...summary, ms: Math.round(performance.now() - started) };
}
