import { createRouter } from '../../trpc.js';
import { acceptInvitationRoute } from './accept-invitation.js';
import { createInvitationRoute } from './create-invitation.js';
import { listInvitationsRoute } from './list-invitations.js';
import { revokeInvitationRoute } from './revoke-invitation.js';

/** Invitations to the session's current workspace, and accepting one (dashboard only). */
export const invitationsRouter = createRouter({
  create: createInvitationRoute,
  list: listInvitationsRoute,
  revoke: revokeInvitationRoute,
  accept: acceptInvitationRoute,
});
