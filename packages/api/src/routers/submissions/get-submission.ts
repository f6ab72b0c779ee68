import { getSubmission } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZGetSubmissionRequestSchema, ZGetSubmissionResponseSchema } from './get-submission.types.js';

export const getSubmissionRoute = sessionProcedure
  .input(ZGetSubmissionRequestSchema)
  .output(ZGetSubmissionResponseSchema)
  .query(({ ctx, input }) =>
    getSubmission({ userId: ctx.user.id, formId: input.formId, submissionId: input.id }),
  );
