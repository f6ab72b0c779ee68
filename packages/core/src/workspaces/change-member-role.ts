import { workspaceInvitationRepository, workspaceMemberRepository } from '@formwell/db';

import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import type { TMemberChange } from './add-member.js';
import { requireActorRole, type TMemberActor } from './require-actor-role.js';
import { retireMemberAccess } from './retire-member-access.js';
import { roleAllows, ZAssignableRoleSchema } from './roles.js';

/**
 * Gives a member another role (admins and the owner). The owner's role, and the owner role
 * itself, change only by a transfer. A lowered role applies on the member's next request; below
 * admin, the invitations the member sent that are still pending are revoked.
 */
export async function changeMemberRole({
  actor,
  workspaceId,
  userId,
  role,
  onBumpFailed,
}: {
  actor: TMemberActor;
  workspaceId: string;
  userId: string;
  role: string;
  onBumpFailed?: TOnBumpFailed;
}): Promise<TMemberChange> {
  if (role === 'owner') {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.OWNER_BY_TRANSFER_ONLY });
  }
  const checkedRole = parseInput(ZAssignableRoleSchema, role);
  await requireActorRole(actor, workspaceId, 'members');
  const member = await workspaceMemberRepository.find({ workspaceId, userId });
  if (!member) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.MEMBER_NOT_FOUND });
  }
  if (member.role === 'owner') {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.OWNER_BY_TRANSFER_ONLY });
  }
  if (
    !(await workspaceMemberRepository.setRole({ workspaceId, userId, from: member.role, to: checkedRole }))
  ) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.MEMBER_CHANGED_MEANWHILE });
  }
  if (!roleAllows(checkedRole, 'members')) {
    // Links a former admin sent must not outlive their right to invite.
    await workspaceInvitationRepository.revokeSentBy({ workspaceId, invitedBy: userId, now: new Date() });
  }
  await retireMemberAccess({ workspaceId, userId, ...(onBumpFailed ? { onBumpFailed } : {}) });

  return { workspaceId, userId, role: checkedRole };
}
