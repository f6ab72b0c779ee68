import { z } from 'zod';

import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from '../webhooks/webhook-route-meta.js';
import { INTEGRATION_NOT_FOUND_RESPONSE } from './integration-paths.js';

export { ZIntegrationPathSchema as ZDeleteIntegrationRequestSchema } from './integration-paths.js';

export const deleteIntegrationMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'DELETE',
      path: '/forms/{formId}/integrations/{integrationId}',
      operationId: 'v1-deleteIntegration',
      summary: 'Delete an integration',
      description: 'Removes the integration (queued deliveries stop) and frees its place in the plan limit.',
      successDescription: 'Deleted (no body)',
    },
    INTEGRATION_NOT_FOUND_RESPONSE,
  ),
  successStatus: 204,
} satisfies ApiMeta;

/** A 204 carries no body. */
export const ZDeleteIntegrationResponseSchema = z.void();
