import { dashboardSessionRepository, userRepository } from '@formwell/db';

import { sha256Hex } from '../crypto/sha256-hex.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadUserView, type TUserView } from '../users/user-view.js';

export type VerifySessionOptions = { token: string | null | undefined; now?: Date };

export type TVerifiedSession = {
  sessionId: string;
  expiresAt: string;
  user: TUserView;
  /** The workspace the session last switched to; null: the personal workspace. */
  workspaceId: string | null;
};

/** Resolves a session cookie to its user; 401 when absent, unknown, expired, or the user is gone. */
export async function verifySession({
  token,
  now = new Date(),
}: VerifySessionOptions): Promise<TVerifiedSession> {
  const unauthenticated = new AppError(AppErrorCode.UNAUTHORIZED, {
    message: ErrorMessages.NOT_AUTHENTICATED,
  });
  if (!token) {
    throw unauthenticated;
  }
  const session = await dashboardSessionRepository.findActiveByHash({ tokenHash: sha256Hex(token), now });
  if (!session) {
    throw unauthenticated;
  }
  const user = await userRepository.findById({ userId: session.userId });
  if (!user) {
    throw unauthenticated;
  }

  return {
    sessionId: session.id,
    expiresAt: session.expiresAt.toISOString(),
    user: await loadUserView(user),
    workspaceId: session.workspaceId,
  };
}
