import { redeliverWebhook, ZWebhookDeliveryViewSchema } from '@formwell/core';

import { requireRight } from '../../actor/actor.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { ZPathIdParamSchema } from '../../schemas/z-query.js';
import { webhooksProcedure } from '../webhooks/webhook-paths.js';
import { ZIntegrationPathSchema } from './integration-paths.js';

/** Sends a logged message again (the dashboard's "Redeliver"), as webhook redelivery does. */
export const redeliverIntegrationRoute = webhooksProcedure
  .input(ZIntegrationPathSchema.extend({ deliveryId: ZPathIdParamSchema }))
  .output(ZWebhookDeliveryViewSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, integrationId, deliveryId } = input;
    // As for webhooks: it sends stored submission data, so it needs the read scope as well.
    requireRight(ctx.actor, apiKeyPolicies.submissionsList.scope);
    const attempt = await redeliverWebhook({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: integrationId,
      family: 'integration',
      deliveryId,
      config: ctx.services.config.webhooks,
    });
    ctx.logger.info({ formId, integrationId, deliveryId, status: attempt.status }, 'integration redelivered');

    return attempt;
  });
