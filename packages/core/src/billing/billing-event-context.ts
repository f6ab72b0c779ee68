import { billingEmailRepository, subscriptionRepository, type TBillingEmailKind } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { PLANS, type TPlan } from '../config/plans.js';
import { AppError } from '../errors/app-error.js';
import { setUserPlan } from '../users/set-user-plan.js';
import type { TPlanPriceIds } from './resolve-plan.js';

/** Where billing emails send their reader: the dashboard's billing page. */
const BILLING_PAGE_PATH = '/billing';

/** What one event's handler works with. */
export type TBillingEventContext = {
  config: TCoreConfig;
  priceIds: TPlanPriceIds;
  eventId: string;
  /** The provider's creation time of the event (the out-of-order guard compares these). */
  at: Date;
};

/** `applied`: it changed what it states. `ignored`: nothing to act on. `stale`: a newer event won. */
/** `awaiting_payment`: a Checkout finished but not paid yet; only the customer id was recorded. */
export type TApplyOutcome = 'applied' | 'ignored' | 'stale' | 'awaiting_payment';

export function billingPageUrl(ctx: TBillingEventContext): string {
  return `${ctx.config.publicUrl}${BILLING_PAGE_PATH}`;
}

/**
 * Sets the user's plan and its quota at once, so plan gates and the quota change with the event.
 * A user deleted meanwhile has nothing to change (retrying would not bring them back).
 */
export async function changeUserPlan(ctx: TBillingEventContext, userId: string, plan: TPlan): Promise<void> {
  try {
    await setUserPlan({ config: ctx.config, userId, plan });
  } catch (error) {
    if (!AppError.is(error)) {
      throw error;
    }
  }
}

/**
 * The plan a user's subscriptions give: the highest one among those still running (active,
 * trialing, or past due while the failed-payment policy runs its course), else FREE. One old
 * subscription ending must not take away the plan another one pays for.
 */
export async function planFromSubscriptions(userId: string, exceptProviderId?: string): Promise<TPlan> {
  const subscriptions = await subscriptionRepository.listForUser({ userId });
  const running = subscriptions.filter(
    (subscription) => subscription.providerId !== exceptProviderId && subscription.status !== 'CANCELED',
  );

  return running.reduce<TPlan>(
    (best, { plan }) => (PLANS.indexOf(plan) > PLANS.indexOf(best) ? plan : best),
    'FREE',
  );
}

/**
 * After an event's subscription write: the user's plan and quota follow their subscriptions. Done
 * after the write (never before it), so an event that lost the out-of-order race changes nothing,
 * and a retry after a crash settles the plan again.
 */
export async function settleUserPlan(ctx: TBillingEventContext, userId: string): Promise<void> {
  await changeUserPlan(ctx, userId, await planFromSubscriptions(userId));
}

/** Writes an email this event owes into the billing outbox (once per event and kind). */
export async function owesEmail(
  ctx: TBillingEventContext,
  input: {
    kind: TBillingEmailKind;
    userId: string;
    actionUrl: string;
    plan?: TPlan | null;
    attemptNumber?: number | null;
    nextRetryAt?: Date | null;
  },
): Promise<void> {
  await billingEmailRepository.plan({
    eventId: ctx.eventId,
    kind: input.kind,
    userId: input.userId,
    actionUrl: input.actionUrl,
    plan: input.plan ?? null,
    attemptNumber: input.attemptNumber ?? null,
    nextRetryAt: input.nextRetryAt ?? null,
  });
}
