import { listApiKeys } from '@formwell/core';

import { parseListArgs } from '../page-options.js';
import { existingTenantOption } from '../tenant-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `key list --workspace W | --user ID [--limit N] [--cursor C]` →
 * `{keys: [{id, name, prefix, last4, scopes, isActive, createdAt}], nextCursor}`, newest first,
 * revoked keys included. A key itself is never shown again after `key create`.
 */
export async function keyList({ args }: TCommandOptions) {
  const { values, page } = parseListArgs(args, { workspace: { type: 'string' }, user: { type: 'string' } });
  const { apiKeys, nextCursor } = await listApiKeys({ userId: await existingTenantOption(values), ...page });

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
