import { invoiceRepository, paymentFailureRepository, subscriptionRepository } from '@formwell/db';

import {
  billingPageUrl,
  owesEmail,
  planFromSubscriptions,
  settleUserPlan,
  type TApplyOutcome,
  type TBillingEventContext,
} from './billing-event-context.js';
import { cancelsSubscription, nextAttemptNumber, nextRetryAt } from './dunning-policy.js';
import { findBillingWorkspace } from './find-billing-workspace.js';
import { fromEpochSeconds, subscriptionOfInvoice, ZInvoice } from './stripe-objects.js';

/**
 * A paid invoice: recorded; its subscription is active again with its plan, its failed payments
 * resolved, and a user coming back from failed payments is told.
 */
export async function handleInvoicePaid(ctx: TBillingEventContext, object: unknown): Promise<TApplyOutcome> {
  const invoice = ZInvoice.parse(object);
  const subscriptionId = subscriptionOfInvoice(invoice);
  const existing = subscriptionId
    ? await subscriptionRepository.findByProviderId({ providerId: subscriptionId })
    : null;
  const userId = existing?.userId ?? (await findBillingWorkspace({ customerId: invoice.customer }));
  const paidAt = invoice.status_transitions?.paid_at;
  await invoiceRepository.upsert({
    providerId: invoice.id,
    subscriptionId,
    customerId: invoice.customer ?? null,
    userId,
    status: invoice.status ?? 'paid',
    amountPaid: invoice.amount_paid ?? 0,
    currency: invoice.currency ?? null,
    paidAt: paidAt ? fromEpochSeconds(paidAt) : ctx.at,
  });
  if (!existing) {
    return userId ? 'applied' : 'ignored';
  }
  if (existing.lastEventAt > ctx.at) {
    return 'stale';
  }
  if (existing.status === 'PAST_DUE' || existing.status === 'CANCELED') {
    await owesEmail(ctx, {
      kind: 'billing.reactivated',
      userId: existing.userId,
      plan: existing.plan,
      actionUrl: billingPageUrl(ctx),
    });
  }
  await paymentFailureRepository.resolveOpen({ subscriptionId: existing.providerId, now: ctx.at });
  const result = await subscriptionRepository.applyEvent({
    providerId: existing.providerId,
    at: ctx.at,
    change: { status: 'ACTIVE' },
  });
  if (result.state !== 'applied') {
    return 'stale';
  }
  await settleUserPlan(ctx, existing.userId);

  return 'applied';
}

/**
 * A failed payment, by the three-attempt policy, counting the subscription's open failures:
 * attempts 1 and 2 leave it PAST_DUE and remind the user (with the card update link and the retry
 * date); attempt 3 cancels it, puts the user on FREE with the FREE quota and tells them how to
 * subscribe again. The failure record is keyed by the event, so a retried event keeps its attempt
 * number; a subscription already canceled takes no further attempts.
 */
export async function handleInvoiceFailed(
  ctx: TBillingEventContext,
  object: unknown,
): Promise<TApplyOutcome> {
  const invoice = ZInvoice.parse(object);
  const subscriptionId = subscriptionOfInvoice(invoice);
  const existing = subscriptionId
    ? await subscriptionRepository.findByProviderId({ providerId: subscriptionId })
    : null;
  if (!existing) {
    return 'ignored';
  }
  if (existing.lastEventAt > ctx.at) {
    return 'stale';
  }
  const recorded = await paymentFailureRepository.findByEvent({ eventId: ctx.eventId });
  if (!recorded && existing.status === 'CANCELED') {
    return 'ignored';
  }
  const attemptNumber =
    recorded?.attemptNumber ??
    nextAttemptNumber(await paymentFailureRepository.countOpen({ subscriptionId: existing.providerId }));
  await paymentFailureRepository.record({
    subscriptionId: existing.providerId,
    invoiceId: invoice.id,
    attemptNumber,
    userId: existing.userId,
    eventId: ctx.eventId,
  });
  const cancels = cancelsSubscription(attemptNumber);
  // The cancellation email says the account is on FREE now: not so while another subscription pays.
  if (cancels && (await planFromSubscriptions(existing.userId, existing.providerId)) === 'FREE') {
    await owesEmail(ctx, {
      kind: 'billing.canceled',
      userId: existing.userId,
      plan: existing.plan,
      actionUrl: billingPageUrl(ctx),
    });
  } else if (!cancels) {
    await owesEmail(ctx, {
      kind: 'billing.payment-failed',
      userId: existing.userId,
      plan: existing.plan,
      attemptNumber,
      nextRetryAt: nextRetryAt(attemptNumber, ctx.at),
      actionUrl: invoice.hosted_invoice_url ?? billingPageUrl(ctx),
    });
  }
  const result = await subscriptionRepository.applyEvent({
    providerId: existing.providerId,
    at: ctx.at,
    change: { status: cancels ? 'CANCELED' : 'PAST_DUE' },
  });
  if (result.state !== 'applied') {
    return 'stale';
  }
  await settleUserPlan(ctx, existing.userId);

  return 'applied';
}
