import { createForm } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZCreateFormRequestSchema, ZCreateFormResponseSchema } from './create-form.types.js';

/** Creates a form within the plan's form limit. */
export const createFormRoute = sessionProcedure
  .input(ZCreateFormRequestSchema)
  .output(ZCreateFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, services, logger } = ctx;
    const form = await createForm({ config: services.config, userId: user.id, input });
    logger.info({ formId: form.id }, 'form created');

    return form;
  });
