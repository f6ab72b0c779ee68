import type { TUserRecord } from '@formwell/db';
import { z } from 'zod';

/** `NONE`: no paid plan. The others are the subscription states the payment events drive. */
export const ZSubscriptionSummarySchema = z.object({
  status: z.enum(['NONE', 'ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELED']),
  /** When the paid period ends (ISO 8601); null until a subscription record carries it. */
  currentPeriodEnd: z.string().nullable(),
});

export type TSubscriptionSummary = z.infer<typeof ZSubscriptionSummarySchema>;

/**
 * The one reader of a user's subscription state for the dashboard. The user's plan is the only
 * source so far: a paid plan is in effect (ACTIVE), the free one has none. Once payment events keep
 * a subscription record, this reads the record (status, period end) and keeps the same answer shape.
 */
export function readSubscriptionSummary(user: TUserRecord): Promise<TSubscriptionSummary> {
  // A promise already, so that reading the record later changes no caller.
  return Promise.resolve({ status: user.plan === 'FREE' ? 'NONE' : 'ACTIVE', currentPeriodEnd: null });
}
