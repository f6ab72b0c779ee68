import { createWorkspace } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZCreateWorkspaceRequestSchema, ZCreateWorkspaceResponseSchema } from './create-workspace.types.js';

/**
 * A new workspace owned by the signed-in user, on FREE. Anyone signed in may make one (whatever
 * their role in the current workspace); the dashboard switches to it next.
 */
export const createWorkspaceRoute = sessionProcedure
  .meta({ workspaceAbility: 'account' })
  .input(ZCreateWorkspaceRequestSchema)
  .output(ZCreateWorkspaceResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const workspace = await createWorkspace({
      config: ctx.services.config,
      userId: ctx.user.id,
      name: input.name,
    });
    ctx.logger.info({ workspaceId: workspace.id }, 'workspace created');

    return workspace;
  });
