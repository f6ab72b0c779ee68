import { apiKeyRepository, userRepository, workspaceRepository } from '@formwell/db';

import { sha256Hex } from '../crypto/sha256-hex.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import type { TUserView } from '../users/user-view.js';
import type { TKeyRestrictions } from './key-restrictions.js';
import type { TApiKeyScope } from './scopes.js';

/** How a key is stored and looked up (never the key itself). */
export function apiKeyHash(key: string): string {
  return sha256Hex(key.trim());
}

export type AuthenticateApiKeyOptions = {
  /** The key as passed (header, bearer or query), or nothing. */
  key?: string | null;
  /** Instead of `key`: its hash, when the caller already computed it. */
  keyHash?: string;
  /** The users-joined endpoint words the 401 `Invalid API key`. */
  invalidKeyMessage?: string;
};

/**
 * What a key authenticates as: only what the API needs and what the auth epoch covers (the plan
 * and quota change only through setUserPlan, which bumps it), so a cached copy of it is safe.
 */
export type TApiKeyUser = Pick<TUserView, 'id' | 'plan' | 'quotaLimit'>;

export type TAuthenticatedApiKey = {
  user: TApiKeyUser;
  apiKey: {
    id: string;
    name: string;
    scopes: TApiKeyScope[];
    restrictions: TKeyRestrictions;
    /** As stored when read; touchApiKeyLastUsed uses it to skip writes that would change nothing. */
    lastUsedAt: Date | null;
  };
};

/**
 * The interface's validation order: present → exists → active → user exists, read from MongoDB
 * (three reads: the key, its workspace, the workspace's owner). `lastUsedAt` is written separately (touchApiKeyLastUsed), after the response.
 */
export async function authenticateApiKey({
  key,
  keyHash = key === null || key === undefined || key.trim() === '' ? undefined : apiKeyHash(key),
  invalidKeyMessage = ErrorMessages.INVALID_API_KEY,
}: AuthenticateApiKeyOptions): Promise<TAuthenticatedApiKey> {
  if (keyHash === undefined) {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_REQUIRED });
  }
  const record = await apiKeyRepository.findByHash({ keyHash });
  if (!record?.isActive) {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: invalidKeyMessage });
  }
  // A key belongs to a workspace (`userId` holds the workspace's id; see the workspaces README).
  const user = await workspaceRepository.findById({ workspaceId: record.userId });
  // The key's user is the workspace's owner (for a personal workspace, the account itself): a
  // workspace whose owner's account is gone (removed from the database by hand, say) serves no key.
  if (!user || !(await userRepository.findById({ userId: user.ownerId }))) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }

  return {
    user: { id: user.id, plan: user.plan, quotaLimit: user.quotaLimit },
    apiKey: {
      id: record.id,
      name: record.name,
      scopes: record.scopes as TApiKeyScope[],
      restrictions: { formIds: record.formIds, allowedOrigins: record.allowedOrigins },
      lastUsedAt: record.lastUsedAt,
    },
  };
}
