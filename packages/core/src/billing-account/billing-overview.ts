import { z } from 'zod';

import { ZPlanSchema } from '../users/z-user-input.js';
import { PAID_PLANS } from './billing-account-config.js';
import { loadWorkspace } from '../workspaces/load-workspace.js';
import { checkoutPlans } from './checkout-eligibility.js';
import type { TBillingDeps } from './require-billing.js';
import { readSubscriptionSummary, ZSubscriptionSummarySchema } from './subscription-summary.js';

export const ZBillingOverviewSchema = z.object({
  plan: ZPlanSchema,
  quotaLimit: z.number(),
  subscription: ZSubscriptionSummarySchema,
  /** False: this server has no Stripe settings; checkout and the portal answer 409. */
  billingEnabled: z.boolean(),
  /** The user has a Stripe customer, so the billing portal can open. */
  hasBillingAccount: z.boolean(),
  /** Paid plans a checkout may start for now (empty when billing is off). */
  checkoutPlans: z.array(z.enum(PAID_PLANS)),
});

export type TBillingOverview = z.infer<typeof ZBillingOverviewSchema>;

/** The dashboard's billing page: plan, quota, subscription state and what the user can do next. */
export async function getBillingOverview({
  config,
  stripe,
  userId,
}: TBillingDeps & { userId: string }): Promise<TBillingOverview> {
  const user = await loadWorkspace(userId);
  const billingEnabled = config.billing !== null && stripe !== null;

  return {
    plan: user.plan,
    quotaLimit: user.quotaLimit,
    subscription: await readSubscriptionSummary(user),
    billingEnabled,
    hasBillingAccount: user.stripeCustomerId !== null,
    checkoutPlans: billingEnabled ? checkoutPlans(user) : [],
  };
}
