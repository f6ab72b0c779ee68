import type { ApiMeta } from '../../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZListWebhooksResponseSchema } from '../../webhooks/list-webhooks.types.js';
export { ZFormPathSchema as ZListWebhooksRequestSchema } from './webhook-paths.js';

export const listWebhooksMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: '/forms/{formId}/webhooks',
    summary: 'List webhook endpoints',
    description: "The form's endpoints (at most 10), newest first, without their secrets.",
  }),
} satisfies ApiMeta;
