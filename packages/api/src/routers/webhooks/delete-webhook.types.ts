import { z } from 'zod';
import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZWebhookPathSchema as ZDeleteWebhookRequestSchema } from './webhook-paths.js';

export const deleteWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'DELETE',
    path: '/forms/{formId}/webhooks/{webhookId}',
    operationId: 'v1-deleteWebhook',
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint and frees its place in the plan limit.',
  }),
} satisfies ApiMeta;

export const ZDeleteWebhookResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
