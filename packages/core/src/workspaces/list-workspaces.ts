import { workspaceMemberRepository, workspaceRepository } from '@formwell/db';

import { loadUser } from '../users/load-user.js';
import { toWorkspaceView, type TMemberWorkspaceView, type TWorkspaceView } from './workspace-view.js';

/** The workspaces `userId` belongs to, with its role in each; the personal workspace first. */
export async function listUserWorkspaces({ userId }: { userId: string }): Promise<TMemberWorkspaceView[]> {
  await loadUser(userId);
  const memberships = await workspaceMemberRepository.listForUser({ userId });
  const workspaces = await workspaceRepository.findByIds({
    workspaceIds: memberships.map((membership) => membership.workspaceId),
  });
  const byId = new Map(workspaces.map((workspace) => [workspace.id, workspace]));

  return memberships.flatMap((membership) => {
    const workspace = byId.get(membership.workspaceId);

    return workspace ? [{ ...toWorkspaceView(workspace), role: membership.role }] : [];
  });
}

/** Every workspace of the deployment (operator CLI), oldest first. */
export async function listAllWorkspaces(): Promise<TWorkspaceView[]> {
  return (await workspaceRepository.listAll()).map(toWorkspaceView);
}
