import { userRepository, type TUserRecord } from '@formwell/db';

import { callStripe } from './call-stripe.js';
import type { TStripeClient } from './stripe-client.js';

/**
 * The user's Stripe customer: the stored one, or a new one stored on the user. The idempotency key
 * is per user, so two first checkouts at the same moment get the same customer from Stripe rather
 * than two.
 */
export async function ensureStripeCustomer({
  stripe,
  user,
}: {
  stripe: TStripeClient;
  user: TUserRecord;
}): Promise<string> {
  if (user.stripeCustomerId !== null) {
    return user.stripeCustomerId;
  }
  const customer = await callStripe('customers.create', () =>
    stripe.customers.create(
      { email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { userId: user.id } },
      { idempotencyKey: `formwell-customer-${user.id}` },
    ),
  );
  await userRepository.setStripeCustomerId({ userId: user.id, stripeCustomerId: customer.id });

  return customer.id;
}
