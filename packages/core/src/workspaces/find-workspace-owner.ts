import { userRepository, workspaceRepository, type TUserRecord } from '@formwell/db';

/**
 * The owner of a workspace: the account its owner-bound mail (notifications, billing, "endpoint
 * disabled") goes to. Null when the workspace or its owner is gone.
 */
export async function findWorkspaceOwner(workspaceId: string): Promise<TUserRecord | null> {
  const workspace = await workspaceRepository.findById({ workspaceId });

  return workspace ? userRepository.findById({ userId: workspace.ownerId }) : null;
}
