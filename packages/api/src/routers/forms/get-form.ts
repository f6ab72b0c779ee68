import { getFormDetail } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZGetFormRequestSchema, ZGetFormResponseSchema } from './get-form.types.js';

/** The owner's full view of one form (every setting); another user's form is 404. */
export const getFormRoute = authedProcedure
  .input(ZGetFormRequestSchema)
  .output(ZGetFormResponseSchema)
  .query(({ ctx, input }) =>
    getFormDetail({
      userId: ctx.user.id,
      formId: input.id,
      limits: ctx.services.config.plans[ctx.user.plan],
    }),
  );
