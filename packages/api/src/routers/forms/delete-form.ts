import { deleteForm } from '@formwell/core';

import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { deleteFormMeta, ZDeleteFormRequestSchema, ZDeleteFormResponseSchema } from './delete-form.types.js';

/** Deletes the form with its submissions, counters and webhook endpoints. */
export const deleteFormRoute = actorProcedure({ apiKey: apiKeyPolicies.formsManage, session: true })
  .meta(deleteFormMeta)
  .input(ZDeleteFormRequestSchema)
  .output(ZDeleteFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, logger } = ctx;
    const { formId } = input;
    logger.info({ formId }, 'form deleted');

    return deleteForm({
      userId: actor.workspaceId,
      formId,
      onBumpFailed: logBumpFailure(logger, { formId }),
    });
  });
