import { dashboardSessionRepository, type TWorkspaceRole } from '@formwell/db';

import { AppError } from '../errors/app-error.js';
import { workspaceMemberOf } from './workspace-member-of.js';

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
}): Promise<{ workspaceId: string; role: TWorkspaceRole }> {
  if (workspaceId !== null && workspaceId !== userId) {
    const found = await workspaceMemberOf({ userId, workspaceId }).catch((error: unknown) => {
      if (AppError.is(error)) {
        return null;
      }
      throw error;
    });
    if (found) {
      return { workspaceId: found.workspace.id, role: found.role };
    }
    await dashboardSessionRepository.setWorkspace({ sessionId, workspaceId: userId });
  }
  const personal = await workspaceMemberOf({ userId, workspaceId: userId });

  return { workspaceId: userId, role: personal.role };
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
