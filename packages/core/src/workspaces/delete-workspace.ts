import { workspaceRepository } from '@formwell/db';
import { z } from 'zod';

import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { deleteWorkspaceData } from './delete-workspace-data.js';
import { requireActorRole, type TMemberActor } from './require-actor-role.js';
import { workspaceNotFound } from './workspace-member-of.js';

/** Deleting a workspace: its name typed again (names are at most 100 characters once trimmed). */
export const ZDeleteWorkspaceInputSchema = z.object({ confirmName: z.string().max(200) });

export const ZDeleteWorkspaceResultSchema = z.object({
  id: z.string(),
  deleted: z.literal(true),
  /** How many documents went from each collection. */
  removed: z.record(z.string(), z.number()),
});

type TDeleteWorkspaceResult = z.infer<typeof ZDeleteWorkspaceResultSchema>;

/**
 * Deletes a team workspace and everything in it, for good (its owner, or the operator's CLI). Its
 * members and pending invitations go first, so no one works in it while its data goes; a member
 * whose session was in it is back in their personal workspace on their next request. A personal
 * workspace goes only with its account (409). A paid subscription is not cancelled at the payment
 * provider: as with an account deletion, its owner cancels it there first.
 */
export async function deleteWorkspace({
  actor,
  workspaceId,
  confirmName,
  onBumpFailed,
}: {
  actor: TMemberActor;
  workspaceId: string;
  /** The workspace's name, typed again by whoever deletes it: a deletion cannot happen by a slip. */
  confirmName: string;
  onBumpFailed?: TOnBumpFailed;
}): Promise<TDeleteWorkspaceResult> {
  await requireActorRole(actor, workspaceId, 'billing');
  const workspace = await workspaceRepository.findById({ workspaceId });
  if (!workspace) {
    throw workspaceNotFound();
  }
  if (workspace.id === workspace.ownerId) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.PERSONAL_WORKSPACE_DELETE });
  }
  if (confirmName.trim() !== workspace.name) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.WORKSPACE_DELETE_CONFIRMATION });
  }
  const removed = await deleteWorkspaceData({
    workspaceId: workspace.id,
    ...(onBumpFailed ? { onBumpFailed } : {}),
  });

  return { id: workspace.id, deleted: true, removed };
}
