import { startCheckout } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZStartCheckoutRequestSchema, ZStartCheckoutResponseSchema } from './start-checkout.types.js';

/** A Stripe Checkout session for a paid plan; the dashboard sends the browser to its `url`. */
export const startCheckoutRoute = sessionProcedure
  .input(ZStartCheckoutRequestSchema)
  .output(ZStartCheckoutResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { services, user, logger } = ctx;
    const redirect = await startCheckout({
      config: services.config,
      stripe: services.stripe,
      userId: user.id,
      plan: input.plan,
    });
    logger.info({ plan: input.plan }, 'checkout started');

    return redirect;
  });
