import { ZWebhookDeliveryViewSchema } from '@formwell/core';
import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZDeliveryPathSchema as ZRedeliverWebhookRequestSchema } from './webhook-paths.js';

export const redeliverWebhookMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'POST',
      path: '/forms/{formId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      operationId: 'v1-redeliverWebhook',
      summary: 'Redeliver a webhook event',
      description:
        'Sends the logged event again now (even to a disabled endpoint) with the same `webhook-id`, and answers the new attempt, successful or not. Send `Content-Type: application/json` (the body may be `{}`).',
    },
    { 404: 'Form, webhook endpoint, delivery, its submission, or user not found' },
  ),
} satisfies ApiMeta;

/** The new attempt as logged (same `webhook-id` as the one sent again). */
export const ZRedeliverWebhookResponseSchema = ZWebhookDeliveryViewSchema;
