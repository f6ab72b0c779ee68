import { paymentFailureRepository, subscriptionRepository, type TSubscriptionStatus } from '@formwell/db';

import {
  billingPageUrl,
  owesEmail,
  planFromSubscriptions,
  settleUserPlan,
  type TApplyOutcome,
  type TBillingEventContext,
} from './billing-event-context.js';
import { findBillingWorkspace } from './find-billing-workspace.js';
import { resolvePlan } from './resolve-plan.js';
import { fromEpochSeconds, ZSubscription, type TSubscriptionObject } from './stripe-objects.js';
import { grantsPlan, mapSubscriptionStatus } from './subscription-status.js';

export const SUBSCRIPTION_EVENT_TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.resumed',
] as const;

type TSubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

function statusAfter(
  type: TSubscriptionEventType,
  subscription: TSubscriptionObject,
): TSubscriptionStatus | null {
  if (type === 'customer.subscription.deleted') {
    return 'CANCELED';
  }
  if (type === 'customer.subscription.resumed') {
    return 'ACTIVE';
  }

  return mapSubscriptionStatus(subscription.status);
}

/**
 * Created, updated, deleted or resumed: the record takes the event's status, plan and period, and
 * the user's plan follows their subscriptions (a canceled one no longer counts). A deletion that
 * leaves the user on FREE tells them, unless they were told already; a resumed subscription clears
 * the failed payments and tells them. The record's write comes after the emails are owed, so an
 * attempt that crashes before it is redone in full by the retry.
 */
export async function handleSubscriptionEvent(
  ctx: TBillingEventContext,
  type: TSubscriptionEventType,
  object: unknown,
): Promise<TApplyOutcome> {
  const subscription = ZSubscription.parse(object);
  const existing = await subscriptionRepository.findByProviderId({ providerId: subscription.id });
  if (existing && existing.lastEventAt > ctx.at) {
    return 'stale';
  }
  const userId =
    existing?.userId ??
    (await findBillingWorkspace({
      metadata: subscription.metadata,
      customerId: subscription.customer,
    }));
  const item = subscription.items?.data[0];
  const plan =
    resolvePlan({
      priceId: item?.price?.id,
      priceIds: ctx.priceIds,
      priceMetadata: item?.price?.metadata,
      metadata: [subscription.metadata],
    }) ??
    existing?.plan ??
    null;
  const status = statusAfter(type, subscription);
  if (!userId || !plan || !status) {
    return 'ignored';
  }

  // The emails are owed before the record changes, so a retry after a crash still owes them.
  if (
    status === 'CANCELED' &&
    type === 'customer.subscription.deleted' &&
    existing?.status !== 'CANCELED' &&
    (await planFromSubscriptions(userId, subscription.id)) === 'FREE'
  ) {
    await owesEmail(ctx, { kind: 'billing.canceled', userId, plan, actionUrl: billingPageUrl(ctx) });
  } else if (grantsPlan(status) && type === 'customer.subscription.resumed') {
    await paymentFailureRepository.resolveOpen({ subscriptionId: subscription.id, now: ctx.at });
    await owesEmail(ctx, { kind: 'billing.reactivated', userId, plan, actionUrl: billingPageUrl(ctx) });
  }

  const periodEnd = subscription.current_period_end ?? item?.current_period_end ?? null;
  const result = await subscriptionRepository.applyEvent({
    providerId: subscription.id,
    at: ctx.at,
    change: {
      customerId: subscription.customer,
      status,
      plan,
      ...(periodEnd ? { currentPeriodEnd: fromEpochSeconds(periodEnd) } : {}),
    },
    seed: { customerId: subscription.customer, userId, status, plan },
  });
  if (result.state !== 'applied') {
    return 'stale';
  }
  await settleUserPlan(ctx, userId);

  return 'applied';
}
