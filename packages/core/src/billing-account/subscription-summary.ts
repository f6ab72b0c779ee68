import { subscriptionRepository, type TWorkspaceRecord } from '@formwell/db';
import { z } from 'zod';

/** `NONE`: never subscribed. The others are the subscription states the payment events drive. */
export const ZSubscriptionSummarySchema = z.object({
  status: z.enum(['NONE', 'ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELED']),
  /** When the paid period ends (ISO 8601); null without a subscription record. */
  currentPeriodEnd: z.string().nullable(),
});

export type TSubscriptionSummary = z.infer<typeof ZSubscriptionSummarySchema>;

/**
 * The one reader of a user's subscription state for the dashboard: the subscription record the
 * payment events keep, when there is one. A user without one never subscribed: `NONE`, whatever
 * plan an operator (CLI, staff) gave them; the plan itself is shown beside it, so a paid plan
 * without a subscription reads as what it is, not as a subscription that could lapse.
 */
export async function readSubscriptionSummary(user: TWorkspaceRecord): Promise<TSubscriptionSummary> {
  const subscription = await subscriptionRepository.findLatestForUser({ userId: user.id });
  if (subscription) {
    return {
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    };
  }

  return { status: 'NONE', currentPeriodEnd: null };
}
