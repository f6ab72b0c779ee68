import { startCheckout } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZStartCheckoutRequestSchema, ZStartCheckoutResponseSchema } from './start-checkout.types.js';

/** A Stripe Checkout session for a paid plan; the dashboard sends the browser to its `url`. */
export const startCheckoutRoute = sessionProcedure
  // The owner pays: only the owner starts or changes the workspace's subscription.
  .meta({ workspaceAbility: 'billing' })
  .input(ZStartCheckoutRequestSchema)
  .output(ZStartCheckoutResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { services, actor, logger } = ctx;
    const redirect = await startCheckout({
      config: services.config,
      stripe: services.stripe,
      userId: actor.workspaceId,
      plan: input.plan,
    });
    logger.info({ plan: input.plan }, 'checkout started');

    return redirect;
  });
