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
  .query(({ ctx, input }) => getEmail({ reader: ownerReaderFor(ctx.user), id: input.id }));
