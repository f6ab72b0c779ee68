import { PLANS, type TPlan } from '../config/plans.js';

/** Price ids per paid plan, as configured for the provider's account. */
export type TPlanPriceIds = Partial<Record<TPlan, string>>;

/** A paid plan named in metadata, in any letter case (`pro` is what people type in a dashboard). */
function asPaidPlan(value: string | null | undefined): TPlan | null {
  const named = value?.trim().toUpperCase();

  return PLANS.find((plan) => plan === named && plan !== 'FREE') ?? null;
}

/**
 * The paid plan an event names: the configured price id first, else a `plan` in the metadata
 * (the price's, then the object's); null when nothing names a paid plan. A price the server is not
 * configured with (say a yearly price added in the provider's dashboard) is judged by its own
 * metadata only: the object's metadata still names the plan bought at checkout, which a plan change
 * in the billing portal does not update.
 */
export function resolvePlan({
  priceId,
  priceIds,
  priceMetadata,
  metadata,
}: {
  priceId?: string | null;
  priceIds: TPlanPriceIds;
  priceMetadata?: Record<string, string> | null;
  metadata: (Record<string, string> | null | undefined)[];
}): TPlan | null {
  const byPrice = priceId ? PLANS.find((plan) => priceIds[plan] === priceId) : undefined;
  if (byPrice) {
    return byPrice;
  }
  const unknownConfiguredPrice = Boolean(priceId) && Object.keys(priceIds).length > 0;
  for (const entry of unknownConfiguredPrice ? [priceMetadata] : [priceMetadata, ...metadata]) {
    const plan = asPaidPlan(entry?.plan);
    if (plan) {
      return plan;
    }
  }

  return null;
}
