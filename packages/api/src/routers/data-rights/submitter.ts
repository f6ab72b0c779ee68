import { eraseSubmitterData, findSubmitterData } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import {
  ZEraseSubmitterResponseSchema,
  ZFindSubmitterResponseSchema,
  ZSubmitterRequestSchema,
} from './data-rights.types.js';

/** A submitter's submissions (by email) across the signed-in owner's forms. */
export const findSubmitterRoute = sessionProcedure
  .input(ZSubmitterRequestSchema)
  .output(ZFindSubmitterResponseSchema)
  .query(({ ctx, input }) => findSubmitterData({ userId: ctx.user.id, email: input.email }));

/** Erases a submitter across the signed-in owner's forms; counters follow as for a delete by hand. */
export const eraseSubmitterRoute = sessionProcedure
  .input(ZSubmitterRequestSchema)
  .output(ZEraseSubmitterResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await eraseSubmitterData({ userId: ctx.user.id, email: input.email });
    // Counts only: the submitter's address is personal data and stays out of the logs.
    ctx.logger.info(
      { submissionsDeleted: result.submissionsDeleted, emailsDeleted: result.emailsDeleted },
      'submitter erased',
    );

    return result;
  });
