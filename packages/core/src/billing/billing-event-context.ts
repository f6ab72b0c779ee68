import { billingEmailRepository, type TBillingEmailKind } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
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
export type TApplyOutcome = 'applied' | 'ignored' | 'stale';

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
