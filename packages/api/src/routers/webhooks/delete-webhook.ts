import { deleteWebhookEndpoint } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZDeleteWebhookRequestSchema, ZDeleteWebhookResponseSchema } from './delete-webhook.types.js';

export const deleteWebhookRoute = authedProcedure
  .input(ZDeleteWebhookRequestSchema)
  .output(ZDeleteWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, id } = input;
    const deleted = await deleteWebhookEndpoint({ userId: ctx.user.id, formId, endpointId: id });
    ctx.logger.info({ formId, webhookId: id }, 'webhook endpoint deleted');

    return deleted;
  });
