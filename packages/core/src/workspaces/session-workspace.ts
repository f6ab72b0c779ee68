import { dashboardSessionRepository, type TWorkspaceRecord, type TWorkspaceRole } from '@formwell/db';

import { AppError } from '../errors/app-error.js';
import { workspaceMemberOf } from './workspace-member-of.js';

/**
 * The workspace a session acts in: its id, the member's role there, and the plan and monthly quota
 * every plan rule of the session's requests follows (the workspace's, not the member's own).
 */
type TSessionWorkspace = {
  workspaceId: string;
  role: TWorkspaceRole;
  plan: TWorkspaceRecord['plan'];
  quotaLimit: number;
};

function asSessionWorkspace({
  workspace,
  role,
}: {
  workspace: TWorkspaceRecord;
  role: TWorkspaceRole;
}): TSessionWorkspace {
  return { workspaceId: workspace.id, role, plan: workspace.plan, quotaLimit: workspace.quotaLimit };
}

/**
 * The workspace a dashboard session acts in, and the user's role there, read from MongoDB on each
 * request (so a removal or a lowered role applies at once on every replica). The session remembers
 * the workspace last switched to; when the user no longer belongs to it, the session falls back
 * to the user's personal workspace (their own id) and forgets the other one.
 */
export async function sessionWorkspace({
  sessionId,
  userId,
  workspaceId,
}: {
  sessionId: string;
  userId: string;
  workspaceId: string | null;
}): Promise<TSessionWorkspace> {
  if (workspaceId !== null && workspaceId !== userId) {
    const found = await workspaceMemberOf({ userId, workspaceId }).catch((error: unknown) => {
      if (AppError.is(error)) {
        return null;
      }
      throw error;
    });
    if (found) {
      return asSessionWorkspace(found);
    }
    await dashboardSessionRepository.setWorkspace({ sessionId, workspaceId: userId });
  }

  return asSessionWorkspace(await workspaceMemberOf({ userId, workspaceId: userId }));
}

/** Switches the session to a workspace the user belongs to (404 for any other). */
export async function switchSessionWorkspace({
  sessionId,
  userId,
  workspaceId,
}: {
  sessionId: string;
  userId: string;
  workspaceId: string;
}): Promise<{ workspaceId: string; role: TWorkspaceRole }> {
  const { workspace, role } = await workspaceMemberOf({ userId, workspaceId });
  await dashboardSessionRepository.setWorkspace({ sessionId, workspaceId: workspace.id });

  return { workspaceId: workspace.id, role };
}
