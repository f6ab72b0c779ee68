import { deleteSubmission } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import {
  ZDeleteSubmissionRequestSchema,
  ZDeleteSubmissionResponseSchema,
} from './delete-submission.types.js';

export const deleteSubmissionRoute = sessionProcedure
  .input(ZDeleteSubmissionRequestSchema)
  .output(ZDeleteSubmissionResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const { formId, id } = input;
    logger.info({ formId, submissionId: id }, 'submission deleted');

    return deleteSubmission({ userId: user.id, formId, submissionId: id });
  });
