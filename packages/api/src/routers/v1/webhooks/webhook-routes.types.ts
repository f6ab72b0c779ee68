import {
  ZCreateWebhookEndpointInputSchema,
  ZUpdateWebhookEndpointInputSchema,
  ZWebhookEndpointViewSchema,
  ZWebhookEndpointWithSecretSchema,
} from '@formwell/core';
import { z } from 'zod';

import { ZApiKeyQuerySchema, ZIdParamSchema } from '../../../schemas/z-query.js';
import type { ApiMeta } from '../../../trpc.js';
import { webhookRouteMeta } from './webhook-route-meta.js';

const ZFormPathSchema = z.object({ formId: ZIdParamSchema, apiKey: ZApiKeyQuerySchema });
const ZEndpointPathSchema = ZFormPathSchema.extend({ webhookId: ZIdParamSchema });
const ENDPOINT_PATH = '/forms/{formId}/webhooks/{webhookId}';

export const listWebhooksMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: '/forms/{formId}/webhooks',
    summary: 'List webhook endpoints',
    description: "The form's endpoints, newest first, without their secrets.",
  }),
} satisfies ApiMeta;
export const ZListWebhooksRequestSchema = ZFormPathSchema;
export const ZListWebhooksResponseSchema = z.object({ webhooks: z.array(ZWebhookEndpointViewSchema) });

export const createWebhookMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'POST',
      path: '/forms/{formId}/webhooks',
      summary: 'Create a webhook endpoint',
      description:
        'Registers an absolute http(s) `url` for `form.submission.created`. The answer holds the signing `secret`, shown only here. Endpoints per form: FREE 1, STANDARD 5, PRO 10 (403 beyond). Optional `headers` are sent with every delivery.',
      successDescription: 'Created',
    },
    { 403: 'Form of another user, insufficient scope, or webhook endpoint limit reached' },
  ),
  successStatus: 201,
} satisfies ApiMeta;
export const ZCreateWebhookRequestSchema = ZFormPathSchema.extend(ZCreateWebhookEndpointInputSchema.shape);
export const ZCreateWebhookResponseSchema = ZWebhookEndpointWithSecretSchema;

export const getWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'GET',
    path: ENDPOINT_PATH,
    summary: 'Get a webhook endpoint',
    description: 'One endpoint, without its secret.',
  }),
} satisfies ApiMeta;
export const ZGetWebhookRequestSchema = ZEndpointPathSchema;
export const ZWebhookResponseSchema = ZWebhookEndpointViewSchema;

export const updateWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'PATCH',
    path: ENDPOINT_PATH,
    summary: 'Update a webhook endpoint',
    description:
      'Changes any of `url`, `description`, `enabled`, `events` and `headers` (the list is replaced as a whole).',
  }),
} satisfies ApiMeta;
export const ZUpdateWebhookRequestSchema = ZEndpointPathSchema.extend(
  ZUpdateWebhookEndpointInputSchema.shape,
);

export const deleteWebhookMeta = {
  openapi: webhookRouteMeta({
    method: 'DELETE',
    path: ENDPOINT_PATH,
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint; deliveries still queued for it are dropped.',
  }),
} satisfies ApiMeta;
export const ZDeleteWebhookRequestSchema = ZEndpointPathSchema;
export const ZDeleteWebhookResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const rotateWebhookSecretMeta = {
  openapi: webhookRouteMeta({
    method: 'POST',
    path: `${ENDPOINT_PATH}/rotate-secret`,
    summary: 'Rotate the signing secret',
    description:
      'Generates a new secret, shown only in this answer. The replaced secret keeps signing deliveries (both signatures are sent) until `previousSecretExpiresAt`, 24 hours later.',
  }),
} satisfies ApiMeta;
export const ZRotateWebhookSecretRequestSchema = ZEndpointPathSchema;
export const ZRotateWebhookSecretResponseSchema = ZWebhookEndpointWithSecretSchema;
