import { parseArgs } from 'node:util';

import { findApiKeyOwner, revokeApiKey } from '@formwell/core';

import { requiredOption } from '../required-option.js';

/** `key revoke --key-id ID` → `{id, isActive: false}`. The operator knows the key, not its owner. */
export async function keyRevoke({ args }: { args: string[] }) {
  const { values } = parseArgs({ args, options: { 'key-id': { type: 'string' } }, strict: true });
  const keyId = requiredOption(values, 'key-id');
  const key = await revokeApiKey({ userId: await findApiKeyOwner({ keyId }), keyId });

  return { id: key.id, isActive: key.isActive };
}
