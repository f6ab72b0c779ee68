import { workspaceMemberRepository, workspaceRepository } from '@formwell/db';

import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadUser } from '../users/load-user.js';
import { ZEmailSchema } from '../users/z-user-input.js';
import { deleteWorkspaceData } from '../workspaces/delete-workspace-data.js';

export type DeleteAccountOptions = {
  userId: string;
  /** The account's email, typed again by whoever deletes it: a deletion cannot happen by a slip. */
  confirmEmail: string;
  /** See bumpAuthEpochOrReport: the dashboard logs; the CLI leaves it out and exits 1. */
  onBumpFailed?: TOnBumpFailed;
};

/**
 * Deletes an account and everything of it in every collection (forms, submissions with their
 * outbox, counters, usage, sessions, keys, webhooks and their log, the email log, billing records).
 * It cannot be undone; the answer says how many documents went from each collection.
 */
export async function deleteAccount({
  userId,
  confirmEmail,
  onBumpFailed,
}: DeleteAccountOptions): Promise<{ id: string; deleted: true; removed: Record<string, number> }> {
  const user = await loadUser(userId);
  const typed = ZEmailSchema.safeParse(confirmEmail);
  if (!typed.success || typed.data !== user.email) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.ACCOUNT_DELETE_CONFIRMATION });
  }

  const ownedTeams = await ownedTeamWorkspaces(userId);

  let removed: Record<string, number> = {};
  // Each workspace the account owns alone goes with it, then the account with its personal one.
  for (const workspaceId of [...ownedTeams, userId]) {
    const gone = await deleteWorkspaceData({ workspaceId, ...(onBumpFailed ? { onBumpFailed } : {}) });
    removed = addCounts(removed, gone);
  }

  return { id: userId, deleted: true, removed };
}

/**
 * The team workspaces this account owns, which its deletion takes along. A workspace always has
 * exactly one owner: one that other people also use would be left without any (its billing, its
 * members and its deletion out of everyone's reach), so the deletion is refused until its ownership
 * is handed over.
 */
async function ownedTeamWorkspaces(userId: string): Promise<string[]> {
  const owned = (await workspaceMemberRepository.listForUser({ userId })).filter(
    (membership) => membership.role === 'owner' && membership.workspaceId !== userId,
  );
  const alone: string[] = [];
  for (const { workspaceId } of owned) {
    const members = await workspaceMemberRepository.listForWorkspace({ workspaceId });
    if (members.some((member) => member.userId !== userId)) {
      const workspace = await workspaceRepository.findById({ workspaceId });
      throw new AppError(AppErrorCode.CONFLICT, {
        message: ErrorMessages.accountOwnsSharedWorkspace(workspace?.name ?? workspaceId),
      });
    }
    alone.push(workspaceId);
  }

  return alone;
}

function addCounts(total: Record<string, number>, more: Record<string, number>): Record<string, number> {
  const sum = { ...total };
  for (const [collection, count] of Object.entries(more)) {
    sum[collection] = (sum[collection] ?? 0) + count;
  }

  return sum;
}
