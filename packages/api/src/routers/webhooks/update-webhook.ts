import { updateWebhookEndpoint } from '@formwell/core';

import {
  updateWebhookMeta,
  ZUpdateWebhookRequestSchema,
  ZUpdateWebhookResponseSchema,
} from './update-webhook.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const updateWebhookRoute = webhooksProcedure
  .meta(updateWebhookMeta)
  .input(ZUpdateWebhookRequestSchema)
  .output(ZUpdateWebhookResponseSchema)
  .mutation(({ ctx, input }) => {
    const { formId, webhookId, url, description, enabled, events, headers } = input;

    return updateWebhookEndpoint({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: webhookId,
      data: { url, description, enabled, events, headers },
    });
  });
