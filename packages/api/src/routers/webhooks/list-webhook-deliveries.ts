import { listWebhookDeliveries } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import {
  ZListWebhookDeliveriesRequestSchema,
  ZListWebhookDeliveriesResponseSchema,
} from './list-webhook-deliveries.types.js';

export const listWebhookDeliveriesRoute = authedProcedure
  .input(ZListWebhookDeliveriesRequestSchema)
  .output(ZListWebhookDeliveriesResponseSchema)
  .query(async ({ ctx, input }) => {
    const { formId, id, limit, cursor } = input;
    const page = await listWebhookDeliveries({ userId: ctx.user.id, formId, endpointId: id, limit, cursor });

    return { deliveries: page.items, nextCursor: page.nextCursor };
  });
