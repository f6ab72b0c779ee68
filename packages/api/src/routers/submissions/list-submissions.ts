import { listSubmissions } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZListSubmissionsRequestSchema, ZListSubmissionsResponseSchema } from './list-submissions.types.js';

export const listSubmissionsRoute = authedProcedure
  .input(ZListSubmissionsRequestSchema)
  .output(ZListSubmissionsResponseSchema)
  .query(({ ctx, input }) => {
    const { formId, limit, cursor, startDate, endDate, email } = input;

    return listSubmissions({ userId: ctx.user.id, formId, limit, cursor, startDate, endDate, email });
  });
