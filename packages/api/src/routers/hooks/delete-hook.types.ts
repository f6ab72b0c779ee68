import { z } from 'zod';

import type { ApiMeta } from '../../trpc.js';
import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';
import { webhookRouteMeta } from '../webhooks/webhook-route-meta.js';

export const deleteHookMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'DELETE',
      path: '/hooks/{id}',
      operationId: 'v1-deleteHook',
      summary: 'Unsubscribe a REST hook',
      description: 'Removes the subscription; deliveries already queued for it stop.',
      successDescription: 'Unsubscribed (no body)',
    },
    { 404: 'Hook or user not found' },
  ),
  successStatus: 204,
} satisfies ApiMeta;

export const ZDeleteHookRequestSchema = z.object({ id: ZPathIdParamSchema, apiKey: ZApiKeyQuerySchema });

/** A 204 carries no body. */
export const ZDeleteHookResponseSchema = z.void();
