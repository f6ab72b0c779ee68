import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadWorkspace } from '../workspaces/load-workspace.js';
import { callStripe } from './call-stripe.js';
import { requireBilling, type TBillingDeps } from './require-billing.js';
import type { TBillingRedirect } from './start-checkout.js';

/**
 * A Stripe billing portal session for the user's customer (payment method, invoices, plan changes,
 * cancellation); the portal sends the user back to the dashboard's billing page.
 */
export async function openBillingPortal({
  userId,
  ...deps
}: TBillingDeps & { userId: string }): Promise<TBillingRedirect> {
  const { billing, stripe } = requireBilling(deps);
  const user = await loadWorkspace(userId);
  const customer = user.stripeCustomerId;
  if (customer === null) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.NO_BILLING_ACCOUNT });
  }
  const session = await callStripe('billingPortal.sessions.create', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: billing.returnUrl }),
  );

  return { url: session.url };
}
