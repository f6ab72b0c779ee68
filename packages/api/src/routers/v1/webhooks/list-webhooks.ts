import { listWebhookEndpoints } from '@formwell/core';

import {
  listWebhooksMeta,
  ZListWebhooksRequestSchema,
  ZListWebhooksResponseSchema,
} from './list-webhooks.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const listWebhooksRoute = webhooksProcedure
  .meta(listWebhooksMeta)
  .input(ZListWebhooksRequestSchema)
  .output(ZListWebhooksResponseSchema)
  .query(async ({ ctx, input }) => ({
    webhooks: await listWebhookEndpoints({ userId: ctx.actor.userId, formId: input.formId }),
  }));
