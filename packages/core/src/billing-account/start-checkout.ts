import { z } from 'zod';

import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { loadWorkspace } from '../workspaces/load-workspace.js';
import { callStripe } from './call-stripe.js';
import { checkoutPlanOrRefusal } from './checkout-eligibility.js';
import { requireBilling, type TBillingDeps } from './require-billing.js';
import { checkoutReturnUrls } from './return-urls.js';
import { billingMetadata, ensureStripeCustomer } from './stripe-customer.js';

/** Where the browser goes next: Stripe's hosted page. */
export const ZBillingRedirectSchema = z.object({ url: z.string() });

export type TBillingRedirect = z.infer<typeof ZBillingRedirectSchema>;

export type StartCheckoutOptions = TBillingDeps & { userId: string; plan: TPlan };

/**
 * Starts a Stripe Checkout subscription for a paid plan of the workspace `userId` (the tenant id).
 * `{workspaceId, plan}` rides on the session and on the subscription it creates, so every later
 * payment event names its workspace and plan without a lookup.
 */
export async function startCheckout({
  userId,
  plan,
  ...deps
}: StartCheckoutOptions): Promise<TBillingRedirect> {
  const { billing, stripe } = requireBilling(deps);
  const user = await loadWorkspace(userId);
  const paidPlan = checkoutPlanOrRefusal(user, plan);
  if (AppError.is(paidPlan)) {
    throw paidPlan;
  }
  const customer = await ensureStripeCustomer({ stripe, user });
  const metadata = { ...billingMetadata(user), plan: paidPlan };
  const { successUrl, cancelUrl } = checkoutReturnUrls(billing.returnUrl);
  const session = await callStripe('checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: billing.priceIds[paidPlan], quantity: 1 }],
      metadata,
      subscription_data: { metadata },
      success_url: successUrl,
      cancel_url: cancelUrl,
    }),
  );
  if (!session.url) {
    throw new AppError(AppErrorCode.INTERNAL, { message: 'Stripe checkout session has no url' });
  }

  return { url: session.url };
}
