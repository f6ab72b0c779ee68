import { listInvitations } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZListInvitationsRequestSchema, ZListInvitationsResponseSchema } from './invitations.types.js';

/** The current workspace's pending invitations, newest first (admins and the owner). */
export const listInvitationsRoute = sessionProcedure
  .meta({ workspaceAbility: 'members' })
  .input(ZListInvitationsRequestSchema)
  .output(ZListInvitationsResponseSchema)
  .query(async ({ ctx }) => ({
    invitations: await listInvitations({ actorId: ctx.user.id, workspaceId: ctx.actor.workspaceId }),
  }));
