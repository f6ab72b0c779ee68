import { parseArgs } from 'node:util';

import { deleteAccount } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `account delete --user ID --confirm EMAIL` → `{id, deleted, removed: {collection: count}}`: the
 * account and all its data, in every collection. `--confirm` must repeat the account's email.
 */
export async function accountDelete({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, confirm: { type: 'string' } },
    strict: true,
  });

  return deleteAccount({
    userId: requiredOption(values, 'user'),
    confirmEmail: requiredOption(values, 'confirm'),
  });
}
