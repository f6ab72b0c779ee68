import { z } from 'zod';
import { ZWebhookDeliveryViewSchema } from '@formwell/core';
import type { ApiMeta } from '../../trpc.js';
import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';
import { ZWebhookPathSchema } from './webhook-paths.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export const listWebhookDeliveriesMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: '/forms/{formId}/webhooks/{webhookId}/deliveries',
    operationId: 'v1-listWebhookDeliveries',
    summary: 'List webhook deliveries',
    description:
      "The endpoint's delivery attempts of the last 30 days (status, HTTP code, duration, start of the response, error), newest first, paged with `limit` and `cursor`.",
  }),
} satisfies ApiMeta;

export const ZListWebhookDeliveriesRequestSchema = ZWebhookPathSchema.extend({
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
});

/** The endpoint's attempts of the last 30 days, newest first, paged like every list. */
export const ZListWebhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(ZWebhookDeliveryViewSchema),
  nextCursor: z.string().nullable(),
});
