import { ZWebhookEndpointViewSchema } from '@formwell/core';
import { z } from 'zod';

import type { ApiMeta } from '../../trpc.js';
import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';
import { ZFormPathSchema } from './webhook-paths.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export const listWebhooksMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: '/forms/{formId}/webhooks',
    operationId: 'v1-listWebhooks',
    summary: 'List webhook endpoints',
    description:
      "The form's endpoints (at most 10), newest first, without their secrets, paged with `limit` and `cursor` like every list: pass `nextCursor` back as `cursor` for the next page.",
  }),
} satisfies ApiMeta;

export const ZListWebhooksRequestSchema = ZFormPathSchema.extend({
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
});

export const ZListWebhooksResponseSchema = z.object({
  webhooks: z.array(ZWebhookEndpointViewSchema),
  nextCursor: z.string().nullable(),
});
