import { deleteForm } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZDeleteFormRequestSchema, ZDeleteFormResponseSchema } from './delete-form.types.js';

/** Deletes the form with its submissions, counters and webhook endpoints. */
export const deleteFormRoute = sessionProcedure
  .input(ZDeleteFormRequestSchema)
  .output(ZDeleteFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const { id } = input;
    logger.info({ formId: id }, 'form deleted');

    return deleteForm({ userId: user.id, formId: id, onBumpFailed: logBumpFailure(logger, { formId: id }) });
  });
