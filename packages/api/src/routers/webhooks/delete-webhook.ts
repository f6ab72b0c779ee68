import { deleteWebhookEndpoint } from '@formwell/core';

import {
  deleteWebhookMeta,
  ZDeleteWebhookRequestSchema,
  ZDeleteWebhookResponseSchema,
} from './delete-webhook.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const deleteWebhookRoute = webhooksProcedure
  .meta(deleteWebhookMeta)
  .input(ZDeleteWebhookRequestSchema)
  .output(ZDeleteWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, webhookId } = input;
    const deleted = await deleteWebhookEndpoint({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: webhookId,
    });
    ctx.logger.info({ formId, webhookId }, 'webhook endpoint deleted');

    return deleted;
  });
