import { subscriptionRepository, workspaceRepository } from '@formwell/db';

import {
  billingPageUrl,
  changeUserPlan,
  owesEmail,
  settleUserPlan,
  type TApplyOutcome,
  type TBillingEventContext,
} from './billing-event-context.js';
import { findBillingWorkspace } from './find-billing-workspace.js';
import { resolvePlan } from './resolve-plan.js';
import { ZCheckoutSession } from './stripe-objects.js';

/** The session's payment is still on its way (a delayed method: bank debit, voucher, transfer). */
const PAYMENT_PENDING = 'unpaid';

/**
 * A finished Checkout: the user (our metadata, or the client reference) gets the customer id, the
 * subscription record, the paid plan with its quota, and a welcome email. Without a customer id
 * the plan, quota and email still apply; only nothing is recorded to match later events against.
 * A session completed with `payment_status: "unpaid"` grants nothing yet, since the money may never
 * come: only the customer id is recorded, so the subscription's own events find the account. The
 * plan then comes with `checkout.session.async_payment_succeeded` (this same handler, now paid) or
 * the subscription turning `active`; `..._async_payment_failed` is ignored, as nothing was granted.
 * A session without `payment_status` (a hand-made event) counts as paid.
 */
export async function handleCheckoutCompleted(
  ctx: TBillingEventContext,
  object: unknown,
): Promise<TApplyOutcome> {
  const session = ZCheckoutSession.parse(object);
  // `userId` is the workspace's id (the subscription and billing records keep their field names).
  const userId = await findBillingWorkspace({
    metadata: session.metadata,
    clientReferenceId: session.client_reference_id,
  });
  const plan = resolvePlan({ priceIds: ctx.priceIds, metadata: [session.metadata] });
  if (!userId || !plan) {
    return 'ignored';
  }
  const { customer } = session;
  if (customer) {
    // A customer belongs to one account: a session naming another user for it (a payment link's
    // client reference, say) must not move the customer, and its plan, to that user.
    const customerOwner = await workspaceRepository.findIdByCustomerId({ customerId: customer });
    if (customerOwner !== null && customerOwner !== userId) {
      return 'ignored';
    }
    await workspaceRepository.setStripeCustomerId({ workspaceId: userId, stripeCustomerId: customer });
  }
  if (session.payment_status === PAYMENT_PENDING) {
    return 'awaiting_payment';
  }
  if (session.subscription) {
    const existing = await subscriptionRepository.findByProviderId({ providerId: session.subscription });
    if (existing && existing.lastEventAt > ctx.at) {
      return 'stale';
    }
  }
  await owesEmail(ctx, { kind: 'billing.welcome', userId, plan, actionUrl: billingPageUrl(ctx) });
  // A session without a subscription (a one-off payment), or without a customer to record one under
  // (a hand-made event), still pays for the plan.
  if (!session.subscription || !customer) {
    await changeUserPlan(ctx, userId, plan);

    return 'applied';
  }
  const result = await subscriptionRepository.applyEvent({
    providerId: session.subscription,
    at: ctx.at,
    change: { customerId: customer, userId, status: 'ACTIVE', plan },
    seed: { customerId: customer, userId, status: 'ACTIVE', plan },
  });
  if (result.state !== 'applied') {
    return 'stale';
  }
  await settleUserPlan(ctx, userId);

  return 'applied';
}
