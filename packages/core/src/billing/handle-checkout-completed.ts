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
import { resolvePlan, type TPlanPriceIds } from './resolve-plan.js';
import { ZCheckoutSession } from './stripe-objects.js';

type TCheckoutSession = ReturnType<typeof ZCheckoutSession.parse>;

/** The session's payment is still on its way (a delayed method: bank debit, voucher, transfer). */
const PAYMENT_PENDING = 'unpaid';
/** The only kind of Checkout that pays for a plan: a subscription to one of the plan prices. */
const SUBSCRIPTION_MODE = 'subscription';

/**
 * Whether a session may grant a plan at all. A one-off or setup session (a zero-amount payment
 * link, say) never does, whatever its metadata says; nor does a session whose prices (when the
 * sender expanded them) are not all configured plan prices. The provider's event carries no line
 * items and the event is processed without calling the provider, so for a subscription session
 * the price is checked by the subscription's own events (plan from the configured price id). A
 * hand-made event without `mode` (the provider always sends it) is judged by its metadata, as before.
 */
function paysForPlan(session: TCheckoutSession, priceIds: TPlanPriceIds): boolean {
  if (session.mode != null && session.mode !== SUBSCRIPTION_MODE) {
    return false;
  }
  const configured = new Set(Object.values(priceIds).filter((id): id is string => Boolean(id)));
  const sold = (session.line_items?.data ?? []).map((item) => item.price?.id);

  return sold.every((priceId) => priceId !== undefined && configured.has(priceId));
}

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
  if (!userId || !plan || !paysForPlan(session, ctx.priceIds)) {
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
