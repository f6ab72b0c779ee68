import { parseArgs } from 'node:util';

import { AppError, AppErrorCode, ErrorMessages, revokeApiKey } from '@formwell/core';
import { apiKeyRepository } from '@formwell/db';

import { requiredOption } from '../required-option.js';

/** `key revoke --key-id ID` → `{id, isActive: false}`. The operator knows the key, not its owner. */
export async function keyRevoke({ args }: { args: string[] }) {
  const { values } = parseArgs({ args, options: { 'key-id': { type: 'string' } }, strict: true });
  const keyId = requiredOption(values, 'key-id');
  const existing = await apiKeyRepository.findByIdUnscoped({ keyId });
  if (!existing) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.API_KEY_NOT_FOUND });
  }
  const key = await revokeApiKey({ userId: existing.userId, keyId });

  return { id: key.id, isActive: key.isActive };
}
