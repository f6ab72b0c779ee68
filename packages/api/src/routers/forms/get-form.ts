import { getForm, getFormDetail } from '@formwell/core';

import { seesFormSettings } from '../../actor/actor-answers.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { getFormMeta, ZGetFormRequestSchema, ZGetFormResponseSchema } from './get-form.types.js';

/** One form of the tenant; another tenant's form is 404. The actor decides how much of it is seen. */
export const getFormRoute = actorProcedure({ apiKey: apiKeyPolicies.getForm, session: true })
  .meta(getFormMeta)
  .input(ZGetFormRequestSchema)
  .output(ZGetFormResponseSchema)
  .query(({ ctx, input }) => {
    const { actor, services } = ctx;
    const read = seesFormSettings(actor) ? getFormDetail : getForm;

    return read({
      userId: actor.workspaceId,
      formId: input.formId,
      limits: services.config.plans[actor.plan],
    });
  });
