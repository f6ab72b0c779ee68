import { getFormAnalytics } from '@formwell/core';

import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { sentEmpty } from '../../schemas/empty-query-values.js';
import {
  getFormAnalyticsMeta,
  ZGetFormAnalyticsRequestSchema,
  ZGetFormAnalyticsResponseSchema,
} from './get-form-analytics.types.js';

export const getFormAnalyticsRoute = actorProcedure({ apiKey: apiKeyPolicies.analytics, session: true })
  .meta(getFormAnalyticsMeta)
  .input(ZGetFormAnalyticsRequestSchema)
  .output(ZGetFormAnalyticsResponseSchema)
  .query(({ ctx, input }) => {
    const { user, services } = ctx;
    const timeRange = input.timeRange ?? sentEmpty(ctx.req.url, 'timeRange');
    const tz = input.tz ?? sentEmpty(ctx.req.url, 'tz');

    // The plan comes from the user loaded for this request, so a downgrade applies on the next call.
    return getFormAnalytics({ config: services.config, user, formId: input.formId, timeRange, tz });
  });
