import { getEmail, ownerReaderFor } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZGetMailRequestSchema, ZGetMailResponseSchema } from './get-mail.types.js';

/**
 * One email whole; another owner's email answers 404 like an unknown id (staff read every one). A
 * failure's SMTP text is for staff; an owner reads its category (core's email-error-category.ts).
 */
export const getMailRoute = sessionProcedure
  .input(ZGetMailRequestSchema)
  .output(ZGetMailResponseSchema)
  .query(({ ctx, input }) =>
    getEmail({
      reader: ownerReaderFor({ id: ctx.actor.workspaceId, role: ctx.user.role }),
      // One-time links in account mail are their addressee's only: such an id answers 404 here.
      visibility: 'without-account-mail',
      id: input.id,
    }),
  );
