import { getSubmission } from '@formwell/core';

import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import {
  getSubmissionMeta,
  ZGetSubmissionRequestSchema,
  ZGetSubmissionResponseSchema,
} from './get-submission.types.js';

export const getSubmissionRoute = actorProcedure({ apiKey: apiKeyPolicies.submissionsList, session: true })
  .meta(getSubmissionMeta)
  .input(ZGetSubmissionRequestSchema)
  .output(ZGetSubmissionResponseSchema)
  .query(({ ctx, input }) =>
    getSubmission({ userId: ctx.actor.workspaceId, formId: input.formId, submissionId: input.submissionId }),
  );
