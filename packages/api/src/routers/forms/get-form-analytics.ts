import { getFormAnalytics, ZIdSchema } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import {
  ZAnalyticsQuerySchema,
  ZGetFormAnalyticsResponseSchema,
} from '../v1/forms/get-form-analytics.types.js';

/** The analytics of the REST API for the signed-in owner's form (same fields, plan gate and errors). */
export const getFormAnalyticsRoute = authedProcedure
  .input(ZAnalyticsQuerySchema.extend({ id: ZIdSchema }))
  .output(ZGetFormAnalyticsResponseSchema)
  .query(({ ctx, input }) =>
    getFormAnalytics({
      config: ctx.services.config,
      user: ctx.user,
      formId: input.id,
      timeRange: input.timeRange,
      tz: input.tz,
    }),
  );
