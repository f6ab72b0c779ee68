import { workspaceInvitationRepository, workspaceMemberRepository } from '@formwell/db';

import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { requireActorRole, type TMemberActor } from './require-actor-role.js';
import { retireMemberAccess } from './retire-member-access.js';

/**
 * Removes a member (admins and the owner), or lets a member leave (anyone, for themselves). The
 * owner neither leaves nor is removed: the ownership is transferred first. The keys the member
 * created belong to the workspace and keep working; the member's next request is refused, and the
 * invitations the member sent that are still pending are revoked.
 */
export async function removeMember({
  actor,
  workspaceId,
  userId,
  onBumpFailed,
}: {
  actor: TMemberActor;
  workspaceId: string;
  userId: string;
  onBumpFailed?: TOnBumpFailed;
}): Promise<{ workspaceId: string; userId: string; removed: true }> {
  const leaving = actor !== null && actor.userId === userId;
  await requireActorRole(actor, workspaceId, leaving ? 'read' : 'members');
  const member = await workspaceMemberRepository.find({ workspaceId, userId });
  if (!member) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.MEMBER_NOT_FOUND });
  }
  if (member.role === 'owner') {
    // Only the owner can act on this (by a transfer); anyone else is simply not allowed.
    throw leaving || actor === null
      ? new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.OWNER_CANNOT_LEAVE })
      : new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.ROLE_NOT_ALLOWED });
  }
  if (!(await workspaceMemberRepository.removeNonOwner({ workspaceId, userId }))) {
    // Promoted to owner by a transfer in between, or removed by someone else: answer as now stored.
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.MEMBER_NOT_FOUND });
  }
  // Links the member sent must not bring anyone in after them (nor them back, by a second account).
  await workspaceInvitationRepository.revokeSentBy({ workspaceId, invitedBy: userId, now: new Date() });
  await retireMemberAccess({ workspaceId, userId, ...(onBumpFailed ? { onBumpFailed } : {}) });

  return { workspaceId, userId, removed: true };
}
