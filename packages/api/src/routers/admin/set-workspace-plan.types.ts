import { ZUserPlanViewSchema } from '@formwell/core';
import { ZIdParamSchema } from '../../schemas/z-query.js';
import { ZSetUserPlanRequestSchema } from './set-user-plan.types.js';

/** As a user's plan change, naming the workspace instead. */
export const ZSetWorkspacePlanRequestSchema = ZSetUserPlanRequestSchema.omit({ userId: true }).extend({
  workspaceId: ZIdParamSchema,
});

export const ZSetWorkspacePlanResponseSchema = ZUserPlanViewSchema;
