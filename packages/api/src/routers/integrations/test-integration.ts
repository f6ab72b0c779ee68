import { sendTestWebhook } from '@formwell/core';

import { webhooksProcedure } from '../webhooks/webhook-paths.js';
import {
  testIntegrationMeta,
  ZTestIntegrationRequestSchema,
  ZTestIntegrationResponseSchema,
} from './test-integration.types.js';

export const testIntegrationRoute = webhooksProcedure
  .meta(testIntegrationMeta)
  .input(ZTestIntegrationRequestSchema)
  .output(ZTestIntegrationResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, integrationId } = input;
    const attempt = await sendTestWebhook({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: integrationId,
      family: 'integration',
      config: ctx.services.config.webhooks,
    });
    ctx.logger.info({ formId, integrationId, status: attempt.status }, 'integration test message sent');

    return attempt;
  });
