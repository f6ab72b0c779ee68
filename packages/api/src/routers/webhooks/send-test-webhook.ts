import { sendTestWebhook } from '@formwell/core';

import {
  sendTestWebhookMeta,
  ZSendTestWebhookRequestSchema,
  ZSendTestWebhookResponseSchema,
} from './send-test-webhook.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const sendTestWebhookRoute = webhooksProcedure
  .meta(sendTestWebhookMeta)
  .input(ZSendTestWebhookRequestSchema)
  .output(ZSendTestWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, webhookId } = input;
    const attempt = await sendTestWebhook({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: webhookId,
      config: ctx.services.config.webhooks,
    });
    ctx.logger.info({ formId, webhookId, status: attempt.status }, 'webhook test event sent');

    return attempt;
  });
