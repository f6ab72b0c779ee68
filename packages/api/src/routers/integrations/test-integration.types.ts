import { ZWebhookDeliveryViewSchema } from '@formwell/core';

import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from '../webhooks/webhook-route-meta.js';
import { INTEGRATION_NOT_FOUND_RESPONSE } from './integration-paths.js';

export { ZIntegrationPathSchema as ZTestIntegrationRequestSchema } from './integration-paths.js';

export const testIntegrationMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'POST',
      path: '/forms/{formId}/integrations/{integrationId}/test',
      operationId: 'v1-testIntegration',
      summary: 'Send a test message',
      description:
        "Posts a sample message (the form's labels, sample values) to the integration now, enabled or not, and answers 202 with the logged attempt, successful or not; a failing test never disables it. Send `Content-Type: application/json` (the body may be `{}`).",
      successDescription: 'Sent; the attempt as logged',
    },
    INTEGRATION_NOT_FOUND_RESPONSE,
  ),
  successStatus: 202,
} satisfies ApiMeta;

export const ZTestIntegrationResponseSchema = ZWebhookDeliveryViewSchema;
