import { getForm } from '@formwell/core';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import { getFormMeta, ZGetFormRequestSchema, ZGetFormResponseSchema } from './get-form.types.js';

export const getFormRoute = apiKeyProcedure(apiKeyPolicies.getForm)
  .meta(getFormMeta)
  .input(ZGetFormRequestSchema)
  .output(ZGetFormResponseSchema)
  .query(({ ctx, input }) => {
    const { actor, user, services } = ctx;
    const { formId } = input;

    return getForm({ userId: actor.userId, formId, limits: services.config.plans[user.plan] });
  });
