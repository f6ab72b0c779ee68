import { createForm, getForm } from '@formwell/core';

import { seesFormSettings } from '../../actor/actor-answers.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { requireMailRoutingRight } from './require-mail-routing-right.js';
import { createFormMeta, ZCreateFormRequestSchema, ZCreateFormResponseSchema } from './create-form.types.js';

/** Creates a form within the plan's form limit (the dashboard's editor and `POST /api/v1/forms`). */
export const createFormRoute = actorProcedure({ apiKey: apiKeyPolicies.formsCreate, session: true })
  .meta(createFormMeta)
  .input(ZCreateFormRequestSchema)
  .output(ZCreateFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, services, logger } = ctx;
    requireMailRoutingRight(actor, input.emailSettings);
    const form = await createForm({ config: services.config, userId: actor.workspaceId, input });
    logger.info({ formId: form.id }, 'form created');
    if (seesFormSettings(actor)) {
      return form;
    }

    return getForm({ userId: actor.workspaceId, formId: form.id, limits: services.config.plans[actor.plan] });
  });
