import { removeMember } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { ZLeaveWorkspaceRequestSchema, ZRemoveMemberResponseSchema } from './members.types.js';

/**
 * The signed-in user leaves the current workspace (any role but the owner, who transfers first);
 * the session falls back to their personal workspace on its next request.
 */
export const leaveWorkspaceRoute = sessionProcedure
  // Leaving is the member's own choice: a viewer, who may change nothing else, may leave.
  .meta({ workspaceAbility: 'read' })
  .input(ZLeaveWorkspaceRequestSchema)
  .output(ZRemoveMemberResponseSchema)
  .mutation(async ({ ctx }) => {
    const { actor, user, logger } = ctx;
    const left = await removeMember({
      actor: { userId: user.id },
      workspaceId: actor.workspaceId,
      userId: user.id,
      onBumpFailed: logBumpFailure(logger, { memberId: user.id }),
    });
    logger.info({ workspaceId: actor.workspaceId }, 'member left the workspace');

    return left;
  });
