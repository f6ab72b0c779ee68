import { getBillingOverview } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import {
  ZGetBillingOverviewRequestSchema,
  ZGetBillingOverviewResponseSchema,
} from './get-billing-overview.types.js';

/** The signed-in user's plan, quota, subscription state and the billing actions open to them. */
export const getBillingOverviewRoute = sessionProcedure
  .input(ZGetBillingOverviewRequestSchema)
  .output(ZGetBillingOverviewResponseSchema)
  .query(({ ctx }) =>
    getBillingOverview({ config: ctx.services.config, stripe: ctx.services.stripe, userId: ctx.user.id }),
  );
