import { ZCreateRestHookInputSchema } from '@formwell/core';
import { z } from 'zod';

import type { ApiMeta } from '../../trpc.js';
import { ZApiKeyQuerySchema } from '../../schemas/z-query.js';
import { KEY_RESTRICTION_REFUSAL } from '../../rest/api-key-error-responses.js';
import { webhookRouteMeta } from '../webhooks/webhook-route-meta.js';

export const createHookMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'POST',
      path: '/hooks',
      operationId: 'v1-createHook',
      summary: 'Subscribe a REST hook (Zapier, Make, n8n)',
      description:
        "Subscribes `targetUrl` to `form.submission.created` of the form `formId`, or of every form of the account without it (forms created later included). Each delivery is the webhook payload with its signature headers; a target answering 410 Gone is unsubscribed. Counts against the plan's endpoints per form.",
      successDescription: 'Subscribed',
    },
    {
      403: `Form of another user, insufficient scope, ${KEY_RESTRICTION_REFUSAL}, or endpoint limit reached`,
      404: 'Form or user not found',
    },
  ),
  successStatus: 201,
} satisfies ApiMeta;

export const ZCreateHookRequestSchema = ZCreateRestHookInputSchema.extend({ apiKey: ZApiKeyQuerySchema });

export const ZCreateHookResponseSchema = z.object({ id: z.string() });
