import { getUsage } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZGetUsageRequestSchema, ZGetUsageResponseSchema } from './get-usage.types.js';

/** Submissions this UTC month against the user's quota, with the period's bounds. */
export const getUsageRoute = authedProcedure
  .input(ZGetUsageRequestSchema)
  .output(ZGetUsageResponseSchema)
  .query(({ ctx }) => getUsage({ userId: ctx.user.id }));
