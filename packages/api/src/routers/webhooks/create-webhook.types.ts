import { ZCreateWebhookEndpointInputSchema, ZWebhookEndpointWithSecretSchema } from '@formwell/core';

import { ZFormRequestSchema } from './webhook-ids.js';

export const ZCreateWebhookRequestSchema = ZFormRequestSchema.extend(ZCreateWebhookEndpointInputSchema.shape);

/** The signing secret appears here (and on rotation) only. */
export const ZCreateWebhookResponseSchema = ZWebhookEndpointWithSecretSchema;
