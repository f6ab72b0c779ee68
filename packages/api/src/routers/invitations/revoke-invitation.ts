import { revokeInvitation } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZRevokeInvitationRequestSchema, ZRevokeInvitationResponseSchema } from './invitations.types.js';

/** Revokes a pending invitation of the current workspace; another workspace's id is 404. */
export const revokeInvitationRoute = sessionProcedure
  .meta({ workspaceAbility: 'members' })
  .input(ZRevokeInvitationRequestSchema)
  .output(ZRevokeInvitationResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const revoked = await revokeInvitation({
      actorId: ctx.user.id,
      workspaceId: ctx.actor.workspaceId,
      invitationId: input.id,
    });
    ctx.logger.info({ invitationId: input.id }, 'invitation revoked');

    return revoked;
  });
