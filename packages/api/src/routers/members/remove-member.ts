import { removeMember } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { ZRemoveMemberRequestSchema, ZRemoveMemberResponseSchema } from './members.types.js';

/**
 * Removes a member (admins and the owner; never the owner). Their open sessions lose the workspace
 * on their very next request; the keys they made belong to the workspace and keep working.
 */
export const removeMemberRoute = sessionProcedure
  .meta({ workspaceAbility: 'members' })
  .input(ZRemoveMemberRequestSchema)
  .output(ZRemoveMemberResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, user, logger } = ctx;
    const removed = await removeMember({
      actor: { userId: user.id },
      workspaceId: actor.workspaceId,
      userId: input.userId,
      onBumpFailed: logBumpFailure(logger, { memberId: input.userId }),
    });
    logger.info({ memberId: input.userId }, 'member removed');

    return removed;
  });
