import { listForms } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZListFormsRequestSchema, ZListFormsResponseSchema } from './list-forms.types.js';

export const listFormsRoute = authedProcedure
  .input(ZListFormsRequestSchema)
  .output(ZListFormsResponseSchema)
  .query(({ ctx, input }) => listForms({ userId: ctx.user.id, limit: input.limit, cursor: input.cursor }));
