import { getSubmission } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZGetSubmissionRequestSchema, ZGetSubmissionResponseSchema } from './get-submission.types.js';

export const getSubmissionRoute = authedProcedure
  .input(ZGetSubmissionRequestSchema)
  .output(ZGetSubmissionResponseSchema)
  .query(({ ctx, input }) =>
    getSubmission({ userId: ctx.user.id, formId: input.formId, submissionId: input.id }),
  );
