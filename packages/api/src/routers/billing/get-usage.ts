import { getUsage } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZGetUsageRequestSchema, ZGetUsageResponseSchema } from './get-usage.types.js';

/** Submissions this UTC month against the user's quota, with the period's bounds. */
export const getUsageRoute = sessionProcedure
  .input(ZGetUsageRequestSchema)
  .output(ZGetUsageResponseSchema)
  .query(({ ctx }) => getUsage({ userId: ctx.user.id }));
