import { ZWebhookDeliveryViewSchema } from '@formwell/core';
import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZWebhookPathSchema as ZSendTestWebhookRequestSchema } from './webhook-paths.js';

export const sendTestWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'POST',
    path: '/forms/{formId}/webhooks/{webhookId}/test',
    operationId: 'v1-sendTestWebhook',
    summary: 'Send a test event',
    description:
      'Sends a sample `form.submission.created` event (submission id `test_submission`), signed like a real one, to the endpoint now, enabled or not, and answers the logged attempt, successful or not. A failing test never disables the endpoint. Send `Content-Type: application/json` (the body may be `{}`).',
  }),
} satisfies ApiMeta;

/** The test attempt as logged, success or failure. */
export const ZSendTestWebhookResponseSchema = ZWebhookDeliveryViewSchema;
