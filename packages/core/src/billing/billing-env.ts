import { z } from 'zod';

/** The payment receiver's settings; the server refuses every payment event while it is unset. */
export const ZBillingWebhookEnvSchema = z.object({
  /** The endpoint's signing secret (`whsec_…`) shown by the provider for this endpoint. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
});
