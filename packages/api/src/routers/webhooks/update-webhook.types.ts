import { ZUpdateWebhookEndpointInputSchema, ZWebhookEndpointViewSchema } from '@formwell/core';

import { ZEndpointRequestSchema } from './webhook-ids.js';

export const ZUpdateWebhookRequestSchema = ZEndpointRequestSchema.extend({
  data: ZUpdateWebhookEndpointInputSchema,
});

export const ZUpdateWebhookResponseSchema = ZWebhookEndpointViewSchema;
