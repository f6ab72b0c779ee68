import { acceptInvitation } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZAcceptInvitationRequestSchema, ZAcceptInvitationResponseSchema } from './invitations.types.js';

/**
 * The signed-in user joins the workspace of an emailed link: unused, unrevoked, unexpired and sent
 * to this account's own address. The invitee's current workspace plays no part (any role accepts).
 */
export const acceptInvitationRoute = sessionProcedure
  .meta({ workspaceAbility: 'account' })
  .input(ZAcceptInvitationRequestSchema)
  .output(ZAcceptInvitationResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const joined = await acceptInvitation({ userId: ctx.user.id, token: input.token });
    ctx.logger.info({ workspaceId: joined.workspaceId, role: joined.role }, 'invitation accepted');

    return joined;
  });
