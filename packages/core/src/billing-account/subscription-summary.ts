import { subscriptionRepository, type TUserRecord } from '@formwell/db';
import { z } from 'zod';

/** `NONE`: no paid plan. The others are the subscription states the payment events drive. */
export const ZSubscriptionSummarySchema = z.object({
  status: z.enum(['NONE', 'ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELED']),
  /** When the paid period ends (ISO 8601); null without a subscription record. */
  currentPeriodEnd: z.string().nullable(),
});

export type TSubscriptionSummary = z.infer<typeof ZSubscriptionSummarySchema>;

/**
 * The one reader of a user's subscription state for the dashboard: the subscription record the
 * payment events keep, when there is one. A user without one has a plan only an operator set
 * (ACTIVE while paid) or none.
 */
export async function readSubscriptionSummary(user: TUserRecord): Promise<TSubscriptionSummary> {
  const subscription = await subscriptionRepository.findLatestForUser({ userId: user.id });
  if (subscription) {
    return {
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    };
  }

  return { status: user.plan === 'FREE' ? 'NONE' : 'ACTIVE', currentPeriodEnd: null };
}
