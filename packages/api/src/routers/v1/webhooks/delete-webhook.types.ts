import type { ApiMeta } from '../../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZDeleteWebhookResponseSchema } from '../../webhooks/delete-webhook.types.js';
export { ZWebhookPathSchema as ZDeleteWebhookRequestSchema } from './webhook-paths.js';

export const deleteWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'DELETE',
    path: '/forms/{formId}/webhooks/{webhookId}',
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint and frees its place in the plan limit.',
  }),
} satisfies ApiMeta;
