import { listInboundEvents } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import {
  ZListInboundEventsRequestSchema,
  ZListInboundEventsResponseSchema,
} from './list-inbound-events.types.js';

/** Notifications received by POST /api/webhooks/custom: staff see all, owners those of their forms. */
export const listInboundEventsRoute = sessionProcedure
  .input(ZListInboundEventsRequestSchema)
  .output(ZListInboundEventsResponseSchema)
  .query(({ ctx, input }) =>
    listInboundEvents({
      user: { id: ctx.user.id, role: ctx.user.role },
      limit: input.limit,
      cursor: input.cursor,
    }),
  );
