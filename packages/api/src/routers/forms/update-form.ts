import { getForm, updateForm } from '@formwell/core';

import { seesFormSettings } from '../../actor/actor-answers.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { requireMailRoutingRight } from './require-mail-routing-right.js';
import { updateFormMeta, ZUpdateFormRequestSchema, ZUpdateFormResponseSchema } from './update-form.types.js';

/**
 * Changes a form (the dashboard's editor and `PATCH /api/v1/forms/{formId}`). The tenant is the
 * actor's; the path names the form, and only the form's own properties reach core.
 */
export const updateFormRoute = actorProcedure({ apiKey: apiKeyPolicies.formsManage, session: true })
  .meta(updateFormMeta)
  .input(ZUpdateFormRequestSchema)
  .output(ZUpdateFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, services, logger } = ctx;
    const { formId, ...data } = input;
    requireMailRoutingRight(actor, input.emailSettings);
    const form = await updateForm({
      config: services.config,
      userId: actor.workspaceId,
      formId,
      data,
      onBumpFailed: logBumpFailure(logger, { formId }),
    });
    logger.info({ formId }, 'form updated');
    if (seesFormSettings(actor)) {
      return form;
    }

    return getForm({ userId: actor.workspaceId, formId, limits: services.config.plans[actor.plan] });
  });
