import { setWorkspacePlan } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { adminProcedure } from '../../actor/actor-procedure.js';
import {
  ZSetWorkspacePlanRequestSchema,
  ZSetWorkspacePlanResponseSchema,
} from './set-workspace-plan.types.js';

/** Staff: change any workspace's plan (and quota) by hand, a team's included, as the CLI's --workspace. */
export const setWorkspacePlanRoute = adminProcedure
  .input(ZSetWorkspacePlanRequestSchema)
  .output(ZSetWorkspacePlanResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { services, logger } = ctx;
    logger.info({ targetWorkspaceId: input.workspaceId, plan: input.plan }, 'plan changed by staff');

    return setWorkspacePlan({
      config: services.config,
      workspaceId: input.workspaceId,
      plan: input.plan,
      quotaLimit: input.quotaLimit,
      onBumpFailed: logBumpFailure(logger, { targetWorkspaceId: input.workspaceId }),
    });
  });
