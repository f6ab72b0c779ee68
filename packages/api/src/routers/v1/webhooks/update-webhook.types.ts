import { ZUpdateWebhookEndpointInputSchema } from '@formwell/core';

import type { ApiMeta } from '../../../trpc.js';
import { ZWebhookPathSchema } from './webhook-paths.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZUpdateWebhookResponseSchema } from '../../webhooks/update-webhook.types.js';

export const updateWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'PATCH',
    path: '/forms/{formId}/webhooks/{webhookId}',
    summary: 'Update a webhook endpoint',
    description:
      'Changes any of `url`, `description`, `enabled`, `events` and `headers` (the list is replaced as a whole).',
  }),
} satisfies ApiMeta;

export const ZUpdateWebhookRequestSchema = ZWebhookPathSchema.extend(ZUpdateWebhookEndpointInputSchema.shape);
