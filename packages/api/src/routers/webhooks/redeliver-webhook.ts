import { redeliverWebhook } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import {
  ZRedeliverWebhookRequestSchema,
  ZRedeliverWebhookResponseSchema,
} from './redeliver-webhook.types.js';

export const redeliverWebhookRoute = authedProcedure
  .input(ZRedeliverWebhookRequestSchema)
  .output(ZRedeliverWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, id, deliveryId } = input;
    const attempt = await redeliverWebhook({
      userId: ctx.user.id,
      formId,
      endpointId: id,
      deliveryId,
      config: ctx.services.config.webhooks,
    });
    ctx.logger.info({ formId, webhookId: id, deliveryId, status: attempt.status }, 'webhook redelivered');

    return attempt;
  });
