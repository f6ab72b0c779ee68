import { openBillingPortal } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import {
  ZOpenBillingPortalRequestSchema,
  ZOpenBillingPortalResponseSchema,
} from './open-billing-portal.types.js';

/** A Stripe billing portal session for the user's customer; the dashboard opens its `url`. */
export const openBillingPortalRoute = sessionProcedure
  .input(ZOpenBillingPortalRequestSchema)
  .output(ZOpenBillingPortalResponseSchema)
  .mutation(({ ctx }) =>
    openBillingPortal({ config: ctx.services.config, stripe: ctx.services.stripe, userId: ctx.user.id }),
  );
