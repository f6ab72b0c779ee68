import { redeliverWebhook, ZWebhookDeliveryViewSchema } from '@formwell/core';

import { ZPathIdParamSchema } from '../../schemas/z-query.js';
import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZIntegrationPathSchema } from './integration-paths.js';

/** Sends a logged message again (the dashboard's "Redeliver"), as webhook redelivery does. */
export const redeliverIntegrationRoute = sessionProcedure
  .input(ZIntegrationPathSchema.extend({ deliveryId: ZPathIdParamSchema }))
  .output(ZWebhookDeliveryViewSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, integrationId, deliveryId } = input;
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
