import { listEmails, ownerReaderFor } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZListMailRequestSchema, ZListMailResponseSchema } from './list-mail.types.js';

/** Captured and sent mail, newest first: the workspace's own, staff all of it; never account mail. */
export const listMailRoute = sessionProcedure
  .input(ZListMailRequestSchema)
  .output(ZListMailResponseSchema)
  .query(({ ctx, input }) =>
    listEmails({
      reader: ownerReaderFor({ id: ctx.actor.workspaceId, role: ctx.user.role }),
      // Invitations and verification/reset links belong to their addressee, not to the workspace.
      visibility: 'without-account-mail',
      limit: input.limit,
      cursor: input.cursor,
    }),
  );
