import { ZWebhookDeliveryViewSchema } from '@formwell/core';

export { ZEndpointRequestSchema as ZSendTestWebhookRequestSchema } from './webhook-ids.js';

/** The test attempt as logged, success or failure. */
export const ZSendTestWebhookResponseSchema = ZWebhookDeliveryViewSchema;
