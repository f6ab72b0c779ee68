import { ZWebhookDeliveryViewSchema } from '@formwell/core';

export { ZDeliveryRequestSchema as ZRedeliverWebhookRequestSchema } from './webhook-ids.js';

/** The new attempt as logged (same `webhook-id` as the one sent again). */
export const ZRedeliverWebhookResponseSchema = ZWebhookDeliveryViewSchema;
