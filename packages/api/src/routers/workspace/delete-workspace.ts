import { deleteWorkspace } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { ZDeleteWorkspaceRequestSchema, ZDeleteWorkspaceResponseSchema } from './delete-workspace.types.js';

/**
 * Deletes a team workspace and everything in it, once its name is typed again: its owner only
 * (403 for any other role, 404 for a workspace the user does not belong to, 409 for the personal
 * one). The workspace is named, not taken from the session, so the deletion reaches the one the
 * page showed even if another tab switched meanwhile; the dashboard then switches to the personal
 * workspace, and every member whose session was in it falls back there on their next request.
 */
export const deleteWorkspaceRoute = sessionProcedure
  // The role is checked in the named workspace (core), not in the session's current one.
  .meta({ workspaceAbility: 'account' })
  .input(ZDeleteWorkspaceRequestSchema)
  .output(ZDeleteWorkspaceResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const result = await deleteWorkspace({
      actor: { userId: user.id },
      workspaceId: input.workspaceId,
      confirmName: input.confirmName,
      onBumpFailed: logBumpFailure(logger, { workspaceId: input.workspaceId }),
    });
    logger.info({ workspaceId: result.id, removed: result.removed }, 'workspace deleted');

    return result;
  });
