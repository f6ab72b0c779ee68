import { ZWebhookEndpointViewSchema } from '@formwell/core';
import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZWebhookPathSchema as ZGetWebhookRequestSchema } from './webhook-paths.js';

export const getWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: '/forms/{formId}/webhooks/{webhookId}',
    operationId: 'v1-getWebhook',
    summary: 'Get a webhook endpoint',
    description: 'One endpoint, without its secret.',
  }),
} satisfies ApiMeta;

export const ZGetWebhookResponseSchema = ZWebhookEndpointViewSchema;
