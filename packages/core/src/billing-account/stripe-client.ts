import type Stripe from 'stripe';

import type { TBillingAccountConfig } from './billing-account-config.js';
import { stripeLibrary } from './stripe-library.js';

export type TStripeClient = Stripe;

/**
 * A dashboard click waits on this request: Stripe's own default (80 s) would hold the request far
 * beyond what a user waits for, while a healthy call takes well under a second.
 */
const STRIPE_TIMEOUT_MS = 20_000;

/** The one place the `stripe` client is built; null when billing is not configured. */
export function createStripeClient(config: TBillingAccountConfig | null): TStripeClient | null {
  if (!config) {
    return null;
  }

  const StripeClient = stripeLibrary();

  return new StripeClient(config.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    // One retry of a failed connection or a 5xx, under the same idempotency key (Stripe's default, stated).
    maxNetworkRetries: 1,
    // No latency telemetry headers about our requests to Stripe.
    telemetry: false,
    ...(config.apiBase
      ? { protocol: config.apiBase.protocol, host: config.apiBase.host, port: config.apiBase.port }
      : {}),
  });
}
