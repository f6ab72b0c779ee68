import { createRequire } from 'node:module';

import type Stripe from 'stripe';

const require = createRequire(import.meta.url);

/**
 * The `stripe` library, loaded at its first use rather than when this package loads: it is large,
 * and most processes that import the package (the CLI, the worker, a server without billing, each
 * test file) never call Stripe. Every use goes through here, so the client, its error classes and
 * the webhook signature check all come from the one copy of the library.
 */
export function stripeLibrary(): typeof Stripe {
  return require('stripe') as typeof Stripe;
}
