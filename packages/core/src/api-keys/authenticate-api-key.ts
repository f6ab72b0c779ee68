import { apiKeyRepository, userRepository } from '@formwell/db';

import { sha256Hex } from '../crypto/sha256-hex.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { toUserView, type TUserView } from '../users/user-view.js';
import type { TKeyRestrictions } from './key-restrictions.js';
import type { TApiKeyScope } from './scopes.js';

/** lastUsedAt may lag the latest request by at most this much: one write per key per second at most. */
const LAST_USED_RESOLUTION_MS = 1000;
const RECENT_TOUCHES_MAX = 10_000;

/** Per key, when this process last started a lastUsedAt write (request time, ms). */
const recentTouches = new Map<string, number>();

/**
 * Whether this request must write lastUsedAt. Not when the stored value (read with the key) is
 * within a second of `now`: the conditional write would change nothing. Not when this process
 * started a write for the key within that second either: a burst of concurrent requests that all
 * read the old value then costs one write, not one each. Only skips writes that could not have
 * changed the stored value by more than the allowed second; revocation is unaffected (the key
 * itself is read on every request).
 */
function lastUsedDue(keyId: string, lastUsedAt: Date | null, nowMs: number): boolean {
  const fresh = nowMs - LAST_USED_RESOLUTION_MS;
  if (lastUsedAt && lastUsedAt.getTime() > fresh) {
    return false;
  }
  const touched = recentTouches.get(keyId);
  if (touched !== undefined && touched > fresh) {
    return false;
  }
  if (recentTouches.size >= RECENT_TOUCHES_MAX) {
    for (const [id, at] of recentTouches) {
      if (at <= fresh) {
        recentTouches.delete(id);
      }
    }
    if (recentTouches.size >= RECENT_TOUCHES_MAX) {
      recentTouches.clear();
    }
  }

  return true;
}

export type AuthenticateApiKeyOptions = {
  /** The key as passed (header, bearer or query), or nothing. */
  key: string | null | undefined;
  /** The users-joined endpoint words the 401 `Invalid API key`. */
  invalidKeyMessage?: string;
  now?: Date;
};

export type TAuthenticatedApiKey = {
  user: TUserView;
  apiKey: { id: string; name: string; scopes: TApiKeyScope[]; restrictions: TKeyRestrictions };
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
  if (lastUsedDue(record.id, record.lastUsedAt, now.getTime())) {
    recentTouches.set(record.id, now.getTime());
    try {
      await apiKeyRepository.touchLastUsed({ keyId: record.id, now });
    } catch (error) {
      recentTouches.delete(record.id);
      throw error;
    }
  }

  return {
    user: toUserView(user),
    apiKey: {
      id: record.id,
      name: record.name,
      scopes: record.scopes as TApiKeyScope[],
      restrictions: { formIds: record.formIds, allowedOrigins: record.allowedOrigins },
    },
  };
}
