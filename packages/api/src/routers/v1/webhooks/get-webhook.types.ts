import type { ApiMeta } from '../../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZGetWebhookResponseSchema } from '../../webhooks/get-webhook.types.js';
export { ZWebhookPathSchema as ZGetWebhookRequestSchema } from './webhook-paths.js';

export const getWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: '/forms/{formId}/webhooks/{webhookId}',
    summary: 'Get a webhook endpoint',
    description: 'One endpoint, without its secret.',
  }),
} satisfies ApiMeta;
