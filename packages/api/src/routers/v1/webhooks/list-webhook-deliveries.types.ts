import type { ApiMeta } from '../../../trpc.js';
import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../../schemas/z-query.js';
import { ZWebhookPathSchema } from './webhook-paths.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZListWebhookDeliveriesResponseSchema } from '../../webhooks/list-webhook-deliveries.types.js';

export const listWebhookDeliveriesMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: '/forms/{formId}/webhooks/{webhookId}/deliveries',
    summary: 'List webhook deliveries',
    description:
      "The endpoint's delivery attempts of the last 30 days (status, HTTP code, duration, start of the response, error), newest first, paged with `limit` and `cursor`.",
  }),
} satisfies ApiMeta;

export const ZListWebhookDeliveriesRequestSchema = ZWebhookPathSchema.extend({
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
});
