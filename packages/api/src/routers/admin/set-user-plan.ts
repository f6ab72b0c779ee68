import { setUserPlan } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { adminProcedure } from '../../actor/actor-procedure.js';
import { ZSetUserPlanRequestSchema, ZSetUserPlanResponseSchema } from './set-user-plan.types.js';

/** Staff: change a user's plan (and quota) by hand, e.g. for a support case. */
export const setUserPlanRoute = adminProcedure
  .input(ZSetUserPlanRequestSchema)
  .output(ZSetUserPlanResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { services, logger } = ctx;
    logger.info({ targetUserId: input.userId, plan: input.plan }, 'plan changed by staff');

    return setUserPlan({
      config: services.config,
      userId: input.userId,
      plan: input.plan,
      quotaLimit: input.quotaLimit,
      onBumpFailed: logBumpFailure(logger, { targetUserId: input.userId }),
    });
  });
