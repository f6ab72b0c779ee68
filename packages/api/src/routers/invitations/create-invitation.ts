import { createInvitation } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { withInvitationLimit } from '../../rate-limit/dashboard-auth-limits.js';
import { ZCreateInvitationRequestSchema, ZCreateInvitationResponseSchema } from './invitations.types.js';

/**
 * Invites an address to the current workspace for a role (admins and the owner): the worker
 * emails a single-use link valid 7 days. 409 when the address already belongs to the workspace,
 * 403 while the inviter's own address is unverified, 429 past the per-inviter or per-recipient
 * limit. A pending invitation to the same address is answered as is, with no second email.
 */
export const createInvitationRoute = sessionProcedure
  .meta({ workspaceAbility: 'members' })
  .input(ZCreateInvitationRequestSchema)
  .output(ZCreateInvitationResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, user, services, logger } = ctx;
    const invitation = await withInvitationLimit(ctx, { inviterId: user.id, email: input.email }, () =>
      createInvitation({
        config: services.config,
        mail: services.accountMail,
        actorId: user.id,
        workspaceId: actor.workspaceId,
        email: input.email,
        role: input.role,
      }),
    );
    // The id only: the address is the invitee's, and the token never leaves the email.
    logger.info({ invitationId: invitation.id }, 'invitation sent');

    return invitation;
  });
