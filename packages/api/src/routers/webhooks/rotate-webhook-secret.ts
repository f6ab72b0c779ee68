import { rotateWebhookSecret } from '@formwell/core';

import {
  rotateWebhookSecretMeta,
  ZRotateWebhookSecretRequestSchema,
  ZRotateWebhookSecretResponseSchema,
} from './rotate-webhook-secret.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const rotateWebhookSecretRoute = webhooksProcedure
  .meta(rotateWebhookSecretMeta)
  .input(ZRotateWebhookSecretRequestSchema)
  .output(ZRotateWebhookSecretResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, webhookId } = input;
    const rotated = await rotateWebhookSecret({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: webhookId,
    });
    ctx.logger.info({ formId, webhookId }, 'webhook secret rotated');

    return rotated;
  });
