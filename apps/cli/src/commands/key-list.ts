import { getMe, listApiKeys } from '@formwell/core';

import { parseListArgs } from '../page-options.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../run-cli.js';

/**
 * `key list --user ID [--limit N] [--cursor C]` →
 * `{keys: [{id, name, prefix, last4, scopes, isActive, createdAt}], nextCursor}`, newest first,
 * revoked keys included. A key itself is never shown again after `key create`.
 */
export async function keyList({ args }: TCommandOptions) {
  const { values, page } = parseListArgs(args, { user: { type: 'string' } });
  // An unknown user is an error (exit 1), not an empty list.
  const { id: userId } = await getMe({ userId: requiredOption(values, 'user') });
  const { apiKeys, nextCursor } = await listApiKeys({ userId, ...page });

  return {
    keys: apiKeys.map(({ id, name, prefix, last4, scopes, isActive, createdAt }) => ({
      id,
      name,
      prefix,
      last4,
      scopes,
      isActive,
      createdAt,
    })),
    nextCursor,
  };
}
