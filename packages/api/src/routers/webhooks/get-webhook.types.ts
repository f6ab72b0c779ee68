import { ZWebhookEndpointViewSchema } from '@formwell/core';

export { ZEndpointRequestSchema as ZGetWebhookRequestSchema } from './webhook-ids.js';

export const ZGetWebhookResponseSchema = ZWebhookEndpointViewSchema;
