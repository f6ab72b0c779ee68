import { ZUpdateWebhookEndpointInputSchema, ZWebhookEndpointViewSchema } from '@formwell/core';

import type { ApiMeta } from '../../trpc.js';
import { ZWebhookPathSchema } from './webhook-paths.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export const updateWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'PATCH',
    path: '/forms/{formId}/webhooks/{webhookId}',
    operationId: 'v1-updateWebhook',
    summary: 'Update a webhook endpoint',
    description:
      'Changes any of `url`, `description`, `enabled`, `events` and `headers` (the list is replaced as a whole).',
  }),
} satisfies ApiMeta;

export const ZUpdateWebhookRequestSchema = ZWebhookPathSchema.extend(ZUpdateWebhookEndpointInputSchema.shape);

export const ZUpdateWebhookResponseSchema = ZWebhookEndpointViewSchema;
