import { deleteSubmission } from '@formwell/core';

import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import {
  deleteSubmissionMeta,
  ZDeleteSubmissionRequestSchema,
  ZDeleteSubmissionResponseSchema,
} from './delete-submission.types.js';

export const deleteSubmissionRoute = actorProcedure({
  apiKey: apiKeyPolicies.submissionDelete,
  session: true,
})
  .meta(deleteSubmissionMeta)
  .input(ZDeleteSubmissionRequestSchema)
  .output(ZDeleteSubmissionResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, logger } = ctx;
    const { formId, submissionId } = input;
    logger.info({ formId, submissionId }, 'submission deleted');

    return deleteSubmission({ userId: actor.workspaceId, formId, submissionId });
  });
