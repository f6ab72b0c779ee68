import { deleteWebhookEndpoint } from '@formwell/core';

import { webhooksProcedure } from '../webhooks/webhook-paths.js';
import {
  deleteIntegrationMeta,
  ZDeleteIntegrationRequestSchema,
  ZDeleteIntegrationResponseSchema,
} from './delete-integration.types.js';

export const deleteIntegrationRoute = webhooksProcedure
  .meta(deleteIntegrationMeta)
  .input(ZDeleteIntegrationRequestSchema)
  .output(ZDeleteIntegrationResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, integrationId } = input;
    await deleteWebhookEndpoint({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: integrationId,
      family: 'integration',
    });
    ctx.logger.info({ formId, integrationId }, 'integration deleted');
  });
