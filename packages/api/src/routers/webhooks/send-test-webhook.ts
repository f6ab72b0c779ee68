import { sendTestWebhook } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZSendTestWebhookRequestSchema, ZSendTestWebhookResponseSchema } from './send-test-webhook.types.js';

export const sendTestWebhookRoute = authedProcedure
  .input(ZSendTestWebhookRequestSchema)
  .output(ZSendTestWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, id } = input;
    const attempt = await sendTestWebhook({
      userId: ctx.user.id,
      formId,
      endpointId: id,
      config: ctx.services.config.webhooks,
    });
    ctx.logger.info({ formId, webhookId: id, status: attempt.status }, 'webhook test event sent');

    return attempt;
  });
