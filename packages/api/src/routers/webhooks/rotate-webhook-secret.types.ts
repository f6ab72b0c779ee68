import { ZWebhookEndpointWithSecretSchema } from '@formwell/core';
import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export { ZWebhookPathSchema as ZRotateWebhookSecretRequestSchema } from './webhook-paths.js';

export const rotateWebhookSecretMeta = {
  openapi: webhookRouteMeta({
    method: 'POST',
    path: '/forms/{formId}/webhooks/{webhookId}/rotate-secret',
    operationId: 'v1-rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      'Generates a new secret, shown only in this answer. The replaced secret keeps signing deliveries (both signatures are sent) until `previousSecretExpiresAt`, 24 hours later. Send `Content-Type: application/json` (the body may be `{}`).',
  }),
} satisfies ApiMeta;

/** The new secret, shown once; `previousSecretExpiresAt` says until when the old one still signs. */
export const ZRotateWebhookSecretResponseSchema = ZWebhookEndpointWithSecretSchema;
