import { changeMemberRole } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { ZChangeMemberRoleRequestSchema, ZChangeMemberRoleResponseSchema } from './members.types.js';

/** Another role for a member (admins and the owner); a lowered role applies on their next request. */
export const changeMemberRoleRoute = sessionProcedure
  .meta({ workspaceAbility: 'members' })
  .input(ZChangeMemberRoleRequestSchema)
  .output(ZChangeMemberRoleResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, user, logger } = ctx;
    const changed = await changeMemberRole({
      actor: { userId: user.id },
      workspaceId: actor.workspaceId,
      userId: input.userId,
      role: input.role,
      onBumpFailed: logBumpFailure(logger, { memberId: input.userId }),
    });
    logger.info({ memberId: input.userId, role: changed.role }, 'member role changed');

    return changed;
  });
