import { ZCreateWebhookEndpointInputSchema, ZWebhookEndpointWithSecretSchema } from '@formwell/core';

import type { ApiMeta } from '../../trpc.js';
import { KEY_RESTRICTION_REFUSAL } from '../../rest/api-key-error-responses.js';
import { ZFormPathSchema } from './webhook-paths.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

export const createWebhookMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'POST',
      path: '/forms/{formId}/webhooks',
      operationId: 'v1-createWebhook',
      summary: 'Create a webhook endpoint',
      description:
        'Registers an absolute http(s) `url` for `form.submission.created`. The answer holds the signing `secret`, shown only here. Endpoints per form: FREE 1, STANDARD 5, PRO 10 (403 beyond). Optional `headers` (at most 10) are sent with every delivery; connection, framing and signature headers are refused.',
      successDescription: 'Created',
    },
    {
      403: `Form of another user, insufficient scope, ${KEY_RESTRICTION_REFUSAL}, or webhook endpoint limit reached`,
    },
  ),
  successStatus: 201,
} satisfies ApiMeta;

export const ZCreateWebhookRequestSchema = ZFormPathSchema.extend(ZCreateWebhookEndpointInputSchema.shape);

/** The signing secret appears here (and on rotation) only. */
export const ZCreateWebhookResponseSchema = ZWebhookEndpointWithSecretSchema;
