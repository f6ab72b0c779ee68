import { pageWebhookEndpoints } from '@formwell/core';

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
  .query(async ({ ctx, input }) => {
    const { formId, limit, cursor } = input;
    const page = await pageWebhookEndpoints({ userId: ctx.actor.workspaceId, formId, limit, cursor });

    return { webhooks: page.items, nextCursor: page.nextCursor };
  });
