import { PLANS, type TPlan } from '../config/plans.js';

/** Price ids per paid plan, as configured for the provider's account. */
export type TPlanPriceIds = Partial<Record<TPlan, string>>;

function asPaidPlan(value: string | null | undefined): TPlan | null {
  return PLANS.find((plan) => plan === value && plan !== 'FREE') ?? null;
}

/**
 * The paid plan an event names: the configured price id first, else a `plan` in the metadata
 * (the price's, then the object's); null when nothing names a paid plan.
 */
export function resolvePlan({
  priceId,
  priceIds,
  metadata,
}: {
  priceId?: string | null;
  priceIds: TPlanPriceIds;
  metadata: (Record<string, string> | null | undefined)[];
}): TPlan | null {
  const byPrice = priceId ? PLANS.find((plan) => priceIds[plan] === priceId) : undefined;
  if (byPrice) {
    return byPrice;
  }
  for (const entry of metadata) {
    const plan = asPaidPlan(entry?.plan);
    if (plan) {
      return plan;
    }
  }

  return null;
}
