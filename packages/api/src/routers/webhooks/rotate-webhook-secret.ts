import { rotateWebhookSecret } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import {
  ZRotateWebhookSecretRequestSchema,
  ZRotateWebhookSecretResponseSchema,
} from './rotate-webhook-secret.types.js';

export const rotateWebhookSecretRoute = authedProcedure
  .input(ZRotateWebhookSecretRequestSchema)
  .output(ZRotateWebhookSecretResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, id } = input;
    const rotated = await rotateWebhookSecret({ userId: ctx.user.id, formId, endpointId: id });
    ctx.logger.info({ formId, webhookId: id }, 'webhook secret rotated');

    return rotated;
  });
