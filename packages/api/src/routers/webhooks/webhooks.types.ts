import {
  ZCreateWebhookEndpointInputSchema,
  ZInboundEventViewSchema,
  ZUpdateWebhookEndpointInputSchema,
  ZWebhookEndpointViewSchema,
} from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZIdParamSchema, ZLimitQuerySchema } from '../../schemas/z-query.js';

export const ZFormRequestSchema = z.object({ formId: ZIdParamSchema });
export const ZEndpointRequestSchema = ZFormRequestSchema.extend({ id: ZIdParamSchema });

export const ZListWebhooksResponseSchema = z.object({ webhooks: z.array(ZWebhookEndpointViewSchema) });

export const ZCreateWebhookRequestSchema = ZFormRequestSchema.extend(ZCreateWebhookEndpointInputSchema.shape);

export const ZUpdateWebhookRequestSchema = ZEndpointRequestSchema.extend({
  data: ZUpdateWebhookEndpointInputSchema,
});

export const ZDeleteWebhookResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const ZListInboundEventsRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema })
  .default({ limit: 50 });

export const ZListInboundEventsResponseSchema = z.object({
  events: z.array(ZInboundEventViewSchema),
  nextCursor: z.string().nullable(),
});
