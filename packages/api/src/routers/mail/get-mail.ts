import { getEmail, ownerReaderFor } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZGetMailRequestSchema, ZGetMailResponseSchema } from './get-mail.types.js';

/**
 * One email whole; another owner's email answers 404 like an unknown id (staff read every one). A
 * failure's SMTP text is for staff; an owner reads its category (core's email-error-category.ts).
 */
export const getMailRoute = authedProcedure
  .input(ZGetMailRequestSchema)
  .output(ZGetMailResponseSchema)
  .query(({ ctx, input }) => getEmail({ reader: ownerReaderFor(ctx.user), id: input.id }));
