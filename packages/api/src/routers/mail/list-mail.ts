import { listEmails, ownerReaderFor } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZListMailRequestSchema, ZListMailResponseSchema } from './list-mail.types.js';

/** Captured and sent mail, newest first: an owner's own (sent for their account), staff all of it. */
export const listMailRoute = sessionProcedure
  .input(ZListMailRequestSchema)
  .output(ZListMailResponseSchema)
  .query(({ ctx, input }) =>
    listEmails({ reader: ownerReaderFor(ctx.user), limit: input.limit, cursor: input.cursor }),
  );
