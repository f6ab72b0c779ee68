import { setAccountPlan } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { adminProcedure } from '../../actor/actor-procedure.js';
import { ZSetUserPlanRequestSchema, ZSetUserPlanResponseSchema } from './set-user-plan.types.js';

/**
 * Staff: change a user's plan (and quota) by hand, e.g. for a support case: their personal
 * workspace's. A team workspace's id is refused (400); admin.setWorkspacePlan takes it.
 */
export const setUserPlanRoute = adminProcedure
  .input(ZSetUserPlanRequestSchema)
  .output(ZSetUserPlanResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { services, logger } = ctx;
    logger.info({ targetUserId: input.userId, plan: input.plan }, 'plan changed by staff');

    return setAccountPlan({
      config: services.config,
      userId: input.userId,
      plan: input.plan,
      quotaLimit: input.quotaLimit,
      onBumpFailed: logBumpFailure(logger, { targetUserId: input.userId }),
    });
  });
