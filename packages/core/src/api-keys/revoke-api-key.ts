import { apiKeyRepository, workspaceRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { toApiKeyView, type TApiKeyView } from './api-key-view.js';
import { bumpAuthEpochOrReport, type TOnBumpFailed } from './auth-epoch.js';

export type RevokeApiKeyOptions = {
  userId: string;
  keyId: string;
  now?: Date;
  /** See bumpAuthEpochOrReport: the dashboard logs; the CLI leaves it out and exits 1. */
  onBumpFailed?: TOnBumpFailed;
};

/**
 * Revokes for good (no re-activation); effective on the next request: the owner's auth epoch is
 * bumped after the write, on every call (a repeated revoke also repairs a bump that failed), even
 * when giving the slot back fails.
 * Only the call that actually revoked the key gives its slot of the 20-key cap back, so repeated
 * or concurrent revokes cannot free slots that were never taken.
 */
export async function revokeApiKey({
  userId,
  keyId,
  now = new Date(),
  onBumpFailed,
}: RevokeApiKeyOptions): Promise<TApiKeyView> {
  try {
    if (await apiKeyRepository.deactivate({ userId, keyId, now })) {
      await workspaceRepository.releaseSlot({ workspaceId: userId, counter: 'activeKeyCount' });
    }
  } finally {
    await bumpAuthEpochOrReport(userId, onBumpFailed);
  }
  const record = await apiKeyRepository.findById({ userId, keyId });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.API_KEY_NOT_FOUND });
  }

  return toApiKeyView(record);
}
