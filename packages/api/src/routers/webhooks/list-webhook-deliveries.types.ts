import { ZWebhookDeliveryViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';
import { ZEndpointRequestSchema } from './webhook-ids.js';

export const ZListWebhookDeliveriesRequestSchema = ZEndpointRequestSchema.extend({
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
});

/** The endpoint's attempts of the last 30 days, newest first, paged like every list. */
export const ZListWebhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(ZWebhookDeliveryViewSchema),
  nextCursor: z.string().nullable(),
});
