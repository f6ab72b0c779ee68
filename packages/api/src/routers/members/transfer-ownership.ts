import { transferOwnership } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { ZTransferOwnershipRequestSchema, ZTransferOwnershipResponseSchema } from './members.types.js';

/**
 * Hands the current workspace to another member (the owner only); the old owner stays as an
 * admin. A personal workspace keeps its owner (409).
 */
export const transferOwnershipRoute = sessionProcedure
  .meta({ workspaceAbility: 'billing' })
  .input(ZTransferOwnershipRequestSchema)
  .output(ZTransferOwnershipResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, user, logger } = ctx;
    const transferred = await transferOwnership({
      actor: { userId: user.id },
      workspaceId: actor.workspaceId,
      userId: input.userId,
      onBumpFailed: logBumpFailure(logger, { memberId: input.userId }),
    });
    logger.info({ ownerId: transferred.ownerId }, 'workspace ownership transferred');

    return transferred;
  });
