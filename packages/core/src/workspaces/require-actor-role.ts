import { workspaceRepository, type TWorkspaceRole } from '@formwell/db';

import { requireRole, type TWorkspaceAbility } from './roles.js';
import { workspaceMemberOf, workspaceNotFound } from './workspace-member-of.js';

/**
 * Who asks for a change of a workspace's members: a signed-in user (their role is checked), or
 * the operator's CLI (`null`: the operator runs the deployment and needs no role).
 */
export type TMemberActor = { userId: string } | null;

/**
 * The actor's role (404 for a workspace they do not belong to), after checking it allows `ability`.
 * The operator needs no role, but a workspace that does not exist is named as such (404
 * `Workspace not found`), not answered as a missing member of it.
 */
export async function requireActorRole(
  actor: TMemberActor,
  workspaceId: string,
  ability: TWorkspaceAbility,
): Promise<TWorkspaceRole | null> {
  if (actor === null) {
    if (!(await workspaceRepository.findById({ workspaceId }))) {
      throw workspaceNotFound();
    }

    return null;
  }
  const { role } = await workspaceMemberOf({ userId: actor.userId, workspaceId });
  requireRole(role, ability);

  return role;
}
