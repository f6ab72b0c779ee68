import { apiKeyRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { toApiKeyView, type TApiKeyView } from './api-key-view.js';

export type RevokeApiKeyOptions = { userId: string; keyId: string; now?: Date };

/** Revokes for good (no re-activation); effective on the next request since nothing caches keys. */
export async function revokeApiKey({
  userId,
  keyId,
  now = new Date(),
}: RevokeApiKeyOptions): Promise<TApiKeyView> {
  const record = await apiKeyRepository.revoke({ userId, keyId, now });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.API_KEY_NOT_FOUND });
  }

  return toApiKeyView(record);
}
