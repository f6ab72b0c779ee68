import { apiKeyRepository, userRepository } from '@formwell/db';

import { sha256Hex } from '../crypto/sha256-hex.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { toUserView, type TUserView } from '../users/user-view.js';
import type { TApiKeyScope } from './scopes.js';

export type AuthenticateApiKeyOptions = {
  /** The key as passed (header, bearer or query), or nothing. */
  key: string | null | undefined;
  /** The users-joined endpoint words the 401 `Invalid API key`. */
  invalidKeyMessage?: string;
  now?: Date;
};

export type TAuthenticatedApiKey = {
  user: TUserView;
  apiKey: { id: string; name: string; scopes: TApiKeyScope[] };
};

/**
 * The interface's validation order: present → exists → active → user exists → lastUsedAt.
 * Reads the database on every call (no cache), so a revoke is effective on the very next request.
 */
export async function authenticateApiKey({
  key,
  invalidKeyMessage = ErrorMessages.INVALID_API_KEY,
  now = new Date(),
}: AuthenticateApiKeyOptions): Promise<TAuthenticatedApiKey> {
  if (key === null || key === undefined || key.trim() === '') {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_REQUIRED });
  }
  const record = await apiKeyRepository.findByHash({ keyHash: sha256Hex(key.trim()) });
  if (!record?.isActive) {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: invalidKeyMessage });
  }
  const user = await userRepository.findById({ userId: record.userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  await apiKeyRepository.touchLastUsed({ keyId: record.id, now });

  return {
    user: toUserView(user),
    apiKey: { id: record.id, name: record.name, scopes: record.scopes as TApiKeyScope[] },
  };
}
