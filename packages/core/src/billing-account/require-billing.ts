import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import type { TBillingAccountConfig } from './billing-account-config.js';
import type { TStripeClient } from './stripe-client.js';

export type TBillingDeps = { config: TCoreConfig; stripe: TStripeClient | null };

/**
 * Checkout and the portal need Stripe. Without it the answer is 409 with a text that names the
 * cause: the request is fine but this server cannot serve it as configured (a 5xx body would only
 * say "Internal server error", and no retry helps until an operator sets the Stripe variables).
 */
export function requireBilling({ config, stripe }: TBillingDeps): {
  billing: TBillingAccountConfig;
  stripe: TStripeClient;
} {
  if (!config.billing || !stripe) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.BILLING_NOT_CONFIGURED });
  }

  return { billing: config.billing, stripe };
}
