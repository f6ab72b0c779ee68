import { listUserWorkspaces, roleAllows } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZListWorkspacesRequestSchema, ZListWorkspacesResponseSchema } from './list-workspaces.types.js';

/** Every workspace the signed-in user belongs to, and the session's current one with its rights. */
export const listWorkspacesRoute = sessionProcedure
  .meta({ workspaceAbility: 'account' })
  .input(ZListWorkspacesRequestSchema)
  .output(ZListWorkspacesResponseSchema)
  .query(async ({ ctx }) => {
    const { actor, user } = ctx;
    const { role } = actor;

    return {
      workspaces: await listUserWorkspaces({ userId: user.id }),
      current: {
        id: actor.workspaceId,
        role,
        can: {
          write: roleAllows(role, 'write'),
          members: roleAllows(role, 'members'),
          billing: roleAllows(role, 'billing'),
        },
      },
    };
  });
