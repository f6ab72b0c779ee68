import { ZWebhookEndpointWithSecretSchema } from '@formwell/core';

export { ZEndpointRequestSchema as ZRotateWebhookSecretRequestSchema } from './webhook-ids.js';

/** The new secret, shown once; `previousSecretExpiresAt` says until when the old one still signs. */
export const ZRotateWebhookSecretResponseSchema = ZWebhookEndpointWithSecretSchema;
