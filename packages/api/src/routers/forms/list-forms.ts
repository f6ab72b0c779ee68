import { listForms } from '@formwell/core';

import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { listFormsMeta, ZListFormsRequestSchema, ZListFormsResponseSchema } from './list-forms.types.js';

export const listFormsRoute = actorProcedure({ apiKey: apiKeyPolicies.formsList, session: true })
  .meta(listFormsMeta)
  .input(ZListFormsRequestSchema)
  .output(ZListFormsResponseSchema)
  .query(({ ctx, input }) => {
    const { actor } = ctx;
    const { limit, cursor } = input;

    // A key restricted to some forms sees only those.
    return listForms({
      userId: actor.workspaceId,
      limit,
      cursor,
      onlyFormIds: actor.rights.restrictions.formIds,
    });
  });
