import { listSubmissions } from '@formwell/core';

import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import {
  listSubmissionsMeta,
  ZListSubmissionsRequestSchema,
  ZListSubmissionsResponseSchema,
} from './list-submissions.types.js';

export const listSubmissionsRoute = actorProcedure({ apiKey: apiKeyPolicies.submissionsList, session: true })
  .meta(listSubmissionsMeta)
  .input(ZListSubmissionsRequestSchema)
  .output(ZListSubmissionsResponseSchema)
  .query(({ ctx, input }) => {
    const { actor } = ctx;
    const { formId, limit, cursor, startDate, endDate, email, status } = input;

    return listSubmissions({
      userId: actor.workspaceId,
      formId,
      limit,
      cursor,
      startDate,
      endDate,
      email,
      status,
    });
  });
