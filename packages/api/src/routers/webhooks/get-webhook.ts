import { getWebhookEndpoint } from '@formwell/core';

import { getWebhookMeta, ZGetWebhookRequestSchema, ZGetWebhookResponseSchema } from './get-webhook.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const getWebhookRoute = webhooksProcedure
  .meta(getWebhookMeta)
  .input(ZGetWebhookRequestSchema)
  .output(ZGetWebhookResponseSchema)
  .query(({ ctx, input }) =>
    getWebhookEndpoint({ userId: ctx.actor.workspaceId, formId: input.formId, endpointId: input.webhookId }),
  );
