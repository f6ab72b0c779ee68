import { workspaceMemberRepository, workspaceRepository } from '@formwell/db';

import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { requireActorRole, type TMemberActor } from './require-actor-role.js';
import { retireMemberAccess } from './retire-member-access.js';
import { workspaceNotFound } from './workspace-member-of.js';

/**
 * Hands a workspace to another of its members (the owner only). The old owner stays as an admin.
 * A personal workspace keeps its owner: it carries the account's id, and deleting the account
 * deletes it, so it cannot belong to anyone else.
 */
export async function transferOwnership({
  actor,
  workspaceId,
  userId,
  onBumpFailed,
}: {
  actor: TMemberActor;
  workspaceId: string;
  /** The new owner. */
  userId: string;
  onBumpFailed?: TOnBumpFailed;
}): Promise<{ workspaceId: string; ownerId: string }> {
  await requireActorRole(actor, workspaceId, 'billing');
  const workspace = await workspaceRepository.findById({ workspaceId });
  if (!workspace) {
    throw workspaceNotFound();
  }
  if (workspace.id === workspace.ownerId) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.PERSONAL_WORKSPACE_OWNER });
  }
  const member = await workspaceMemberRepository.find({ workspaceId, userId });
  if (!member) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.MEMBER_NOT_FOUND });
  }
  if (member.role === 'owner') {
    return { workspaceId, ownerId: userId };
  }
  const previous = workspace.ownerId;
  // No multi-document transactions: promote first, so a crash part-way leaves two owners for the
  // operator to settle rather than none; the workspace's `ownerId` decides who pays meanwhile.
  await workspaceMemberRepository.setRole({ workspaceId, userId, from: member.role, to: 'owner' });
  await workspaceRepository.setOwner({ workspaceId, ownerId: userId });
  await workspaceMemberRepository.setRole({ workspaceId, userId: previous, from: 'owner', to: 'admin' });
  const report = onBumpFailed ? { onBumpFailed } : {};
  await retireMemberAccess({ workspaceId, userId: previous, ...report });
  await retireMemberAccess({ workspaceId, userId, ...report });

  return { workspaceId, ownerId: userId };
}
