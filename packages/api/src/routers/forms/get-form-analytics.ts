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
    const { actor, services } = ctx;
    const timeRange = input.timeRange ?? sentEmpty(ctx.req.url, 'timeRange');
    const tz = input.tz ?? sentEmpty(ctx.req.url, 'tz');

    // The workspace's plan as loaded for this request (a downgrade applies on the next call), for a
    // member signed in to a team's workspace as much as for a key.
    const tenant = { id: actor.workspaceId, plan: actor.plan };

    return getFormAnalytics({ config: services.config, user: tenant, formId: input.formId, timeRange, tz });
  });
