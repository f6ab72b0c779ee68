import { switchSessionWorkspace } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZSwitchWorkspaceRequestSchema, ZSwitchWorkspaceResponseSchema } from './switch-workspace.types.js';

/**
 * Makes a workspace the session's current one: every later request of this session acts there.
 * A workspace the user does not belong to is 404 `Workspace not found`, as an unknown id.
 */
export const switchWorkspaceRoute = sessionProcedure
  .meta({ workspaceAbility: 'account' })
  .input(ZSwitchWorkspaceRequestSchema)
  .output(ZSwitchWorkspaceResponseSchema)
  .mutation(({ ctx, input }) =>
    switchSessionWorkspace({ sessionId: ctx.sessionId, userId: ctx.user.id, workspaceId: input.workspaceId }),
  );
