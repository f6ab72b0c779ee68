import { listSubmissions } from '@formwell/core';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import {
  listSubmissionsMeta,
  ZListSubmissionsRequestSchema,
  ZListSubmissionsResponseSchema,
} from './list-submissions.types.js';

export const listSubmissionsRoute = apiKeyProcedure(apiKeyPolicies.submissionsList)
  .meta(listSubmissionsMeta)
  .input(ZListSubmissionsRequestSchema)
  .output(ZListSubmissionsResponseSchema)
  .query(({ ctx, input }) => {
    const { actor } = ctx;
    const { formId, limit, cursor, startDate, endDate, email } = input;

    return listSubmissions({ userId: actor.userId, formId, limit, cursor, startDate, endDate, email });
  });
