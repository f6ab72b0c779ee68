import { redeliverWebhook } from '@formwell/core';

import {
  redeliverWebhookMeta,
  ZRedeliverWebhookRequestSchema,
  ZRedeliverWebhookResponseSchema,
} from './redeliver-webhook.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const redeliverWebhookRoute = webhooksProcedure
  .meta(redeliverWebhookMeta)
  .input(ZRedeliverWebhookRequestSchema)
  .output(ZRedeliverWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, webhookId, deliveryId } = input;
    const attempt = await redeliverWebhook({
      userId: ctx.actor.userId,
      formId,
      endpointId: webhookId,
      deliveryId,
      config: ctx.services.config.webhooks,
    });
    ctx.logger.info({ formId, webhookId, deliveryId, status: attempt.status }, 'webhook redelivered');

    return attempt;
  });
