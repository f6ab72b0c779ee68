import { listForms } from '@formwell/core';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import { listFormsMeta, ZListFormsRequestSchema, ZListFormsResponseSchema } from './list-forms.types.js';

export const listFormsRoute = apiKeyProcedure(apiKeyPolicies.formsList)
  .meta(listFormsMeta)
  .input(ZListFormsRequestSchema)
  .output(ZListFormsResponseSchema)
  .query(({ ctx, input }) => {
    const { actor } = ctx;
    const { limit, cursor } = input;

    // A key restricted to some forms sees only those.
    return listForms({ userId: actor.userId, limit, cursor, onlyFormIds: actor.restrictions.formIds });
  });
