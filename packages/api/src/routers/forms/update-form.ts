import { updateForm } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZUpdateFormRequestSchema, ZUpdateFormResponseSchema } from './update-form.types.js';

export const updateFormRoute = sessionProcedure
  .input(ZUpdateFormRequestSchema)
  .output(ZUpdateFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, services, logger } = ctx;
    const { id, data } = input;
    logger.info({ formId: id }, 'form updated');

    return updateForm({
      config: services.config,
      userId: user.id,
      formId: id,
      data,
      onBumpFailed: logBumpFailure(logger, { formId: id }),
    });
  });
