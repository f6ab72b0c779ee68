import { listWebhookDeliveries } from '@formwell/core';

import {
  listWebhookDeliveriesMeta,
  ZListWebhookDeliveriesRequestSchema,
  ZListWebhookDeliveriesResponseSchema,
} from './list-webhook-deliveries.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const listWebhookDeliveriesRoute = webhooksProcedure
  .meta(listWebhookDeliveriesMeta)
  .input(ZListWebhookDeliveriesRequestSchema)
  .output(ZListWebhookDeliveriesResponseSchema)
  .query(async ({ ctx, input }) => {
    const { formId, webhookId, limit, cursor } = input;
    const page = await listWebhookDeliveries({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: webhookId,
      limit,
      cursor,
    });

    return { deliveries: page.items, nextCursor: page.nextCursor };
  });
