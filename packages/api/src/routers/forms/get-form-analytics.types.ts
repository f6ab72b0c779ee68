import { ZFormAnalyticsSchema } from '@formwell/core';
import { z } from 'zod';

import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';
import { apiKeyErrorResponses, KEY_RESTRICTION_REFUSAL } from '../../rest/api-key-error-responses.js';
import type { ApiMeta } from '../../trpc.js';

export const getFormAnalyticsMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}/analytics',
    operationId: 'v1-getFormAnalytics',
    tags: ['forms'],
    summary: 'Form analytics',
    description:
      "Submission analytics of one form of the key owner, from counters kept at submit time. STANDARD gets the base fields, PRO also the PRO fields (growth, peak hour, browsers, countries); FREE is 403. Another user's form is 404. Scope `analytics:read`; rate-limited per key and form.",
    errorResponses: {
      ...apiKeyErrorResponses,
      400: 'Invalid timeRange or tz parameter',
      403: `FREE plan, insufficient scope, or ${KEY_RESTRICTION_REFUSAL}`,
      404: 'Form or user not found',
    },
  },
} satisfies ApiMeta;

/**
 * Core validates both values, with their own 400 texts
 * (`Invalid timeRange parameter` for any value but the three, a long one too: no length rule here
 * answers it first with another text). A repeated parameter is refused here, as every other one.
 */
const ZAnalyticsQuerySchema = z.object({
  timeRange: z
    .string()
    .optional()
    .meta({ description: '`day` (24 hourly points), `week` (7 days, default) or `month` (30 days).' }),
  tz: z.string().optional().meta({
    description: 'IANA time zone of the buckets and the peak hour, e.g. `Asia/Kolkata`; default `UTC`.',
  }),
});

export const ZGetFormAnalyticsRequestSchema = ZAnalyticsQuerySchema.extend({
  formId: ZPathIdParamSchema,
  apiKey: ZApiKeyQuerySchema,
});

export const ZGetFormAnalyticsResponseSchema = ZFormAnalyticsSchema;
