import { deleteSubmission } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import {
  ZDeleteSubmissionRequestSchema,
  ZDeleteSubmissionResponseSchema,
} from './delete-submission.types.js';

export const deleteSubmissionRoute = authedProcedure
  .input(ZDeleteSubmissionRequestSchema)
  .output(ZDeleteSubmissionResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const { formId, id } = input;
    logger.info({ formId, submissionId: id }, 'submission deleted');

    return deleteSubmission({ userId: user.id, formId, submissionId: id });
  });
