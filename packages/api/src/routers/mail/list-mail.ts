import { listEmails, ownerReaderFor } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZListMailRequestSchema, ZListMailResponseSchema } from './list-mail.types.js';

/** Captured and sent mail, newest first: an owner's own (sent for their account), staff all of it. */
export const listMailRoute = authedProcedure
  .input(ZListMailRequestSchema)
  .output(ZListMailResponseSchema)
  .query(({ ctx, input }) =>
    listEmails({ reader: ownerReaderFor(ctx.user), limit: input.limit, cursor: input.cursor }),
  );
