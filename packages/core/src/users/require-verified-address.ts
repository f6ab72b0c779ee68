import { workspaceRepository, type TUserRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadUser } from './load-user.js';

/**
 * 403 while the user's address is unproven. Whoever signed up with someone else's address must not
 * be able to reach other people in the account's name (invitations, extra notification
 * recipients): those would outlive the rightful owner's first password reset.
 */
export function requireVerifiedAddress(user: Pick<TUserRecord, 'emailVerifiedAt'>): void {
  if (user.emailVerifiedAt === null) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.INVITER_UNVERIFIED });
  }
}

/**
 * The same check for whoever acts on a workspace: the signed-in user, or, for an API key (which
 * acts as the workspace), the workspace's owner.
 */
export async function requireVerifiedActor({
  userId,
  workspaceId,
}: {
  /** The signed-in user; null when an API key acts. */
  userId: string | null;
  workspaceId: string;
}): Promise<void> {
  const ownerId = userId ?? (await workspaceRepository.findById({ workspaceId }))?.ownerId ?? workspaceId;
  requireVerifiedAddress(await loadUser(ownerId));
}
