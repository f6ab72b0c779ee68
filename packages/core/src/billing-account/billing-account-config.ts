import { z } from 'zod';

import { PLANS, type TPlan } from '../config/plans.js';

/** The plans sold through Stripe Checkout: every plan but the free one. */
export const PAID_PLANS = PLANS.filter((plan): plan is Exclude<TPlan, 'FREE'> => plan !== 'FREE');

export type TPaidPlan = (typeof PAID_PLANS)[number];

/** Where the `stripe` client sends its requests when not to Stripe itself (a local fake in tests). */
type TStripeApiBase = { protocol: 'http' | 'https'; host: string; port: number };

/** Everything the dashboard's billing procedures need; null in the config when billing is off. */
export type TBillingAccountConfig = {
  secretKey: string;
  /** Null: Stripe's own API. */
  apiBase: TStripeApiBase | null;
  /** The Stripe price id of each paid plan. */
  priceIds: Record<TPaidPlan, string>;
  /** The dashboard's billing page: Checkout and the portal send the user back here. */
  returnUrl: string;
};

const ZHttpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** The environment settings of the account side of billing (part of core's environment schema). */
export const ZBillingAccountEnvSchema = z.object({
  /** Unset: billing is off; checkout and the portal are refused, plans change only by operators. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  // The client always appends /v1/..., so a path here could never be honoured: refuse it at boot.
  STRIPE_API_BASE: ZHttpUrl.refine((value) => {
    const url = new URL(value);

    return url.pathname === '/' && url.search === '' && url.hash === '';
  }, 'must be an origin such as http://127.0.0.1:12111, without a path').optional(),
  STRIPE_PRICE_STANDARD: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  /** Defaults to `${PUBLIC_URL}/billing`. */
  BILLING_RETURN_URL: ZHttpUrl.optional(),
});

type TBillingAccountEnv = z.infer<typeof ZBillingAccountEnvSchema>;

function parseApiBase(value: string | undefined): TStripeApiBase | null {
  if (value === undefined) {
    return null;
  }
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';

  // An IPv6 literal comes bracketed in a URL; the client wants the bare address.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');

  return { protocol, host, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
}

/**
 * The Stripe price id of each paid plan that has one configured. The payment webhooks map a price
 * back to its plan with these even where checkout is off (only the webhook secret set).
 */
export function readStripePriceIds(env: TBillingAccountEnv): Partial<Record<TPaidPlan, string>> {
  const entries = PAID_PLANS.map((plan) => [plan, env[`STRIPE_PRICE_${plan}`]] as const);

  return Object.fromEntries(entries.filter(([, priceId]) => priceId !== undefined));
}

/**
 * Billing is on when a secret key is set; then every paid plan needs its price id, or checkout
 * would fail for that plan only at the first customer's click, so the boot stops with the name.
 */
export function buildBillingAccountConfig(
  env: TBillingAccountEnv,
  publicUrl: string,
): TBillingAccountConfig | null {
  if (env.STRIPE_SECRET_KEY === undefined) {
    return null;
  }
  const priceIds = readStripePriceIds(env);
  const missing = PAID_PLANS.filter((plan) => priceIds[plan] === undefined).map(
    (plan) => `STRIPE_PRICE_${plan}`,
  );
  if (missing.length > 0) {
    throw new Error(`${missing.join(', ')} must be set when STRIPE_SECRET_KEY is set`);
  }

  return {
    secretKey: env.STRIPE_SECRET_KEY,
    apiBase: parseApiBase(env.STRIPE_API_BASE),
    priceIds: priceIds as Record<TPaidPlan, string>,
    returnUrl: env.BILLING_RETURN_URL ?? `${publicUrl}/billing`,
  };
}
