import { listWebhookDeliveries, ZWebhookDeliveryViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';
import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZIntegrationPathSchema } from './integration-paths.js';

/** The dashboard's delivery log of one integration: the webhook log, read through the integration. */
export const listIntegrationDeliveriesRoute = sessionProcedure
  .input(ZIntegrationPathSchema.extend({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema }))
  .output(z.object({ deliveries: z.array(ZWebhookDeliveryViewSchema), nextCursor: z.string().nullable() }))
  .query(async ({ ctx, input }) => {
    const { formId, integrationId, limit, cursor } = input;
    const page = await listWebhookDeliveries({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: integrationId,
      family: 'integration',
      limit,
      cursor,
    });

    return { deliveries: page.items, nextCursor: page.nextCursor };
  });
