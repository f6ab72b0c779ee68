import { userRepository, workspaceRepository, type TWorkspaceRecord } from '@formwell/db';

import { callStripe } from './call-stripe.js';
import type { TStripeClient } from './stripe-client.js';

/**
 * The workspace's Stripe customer: the stored one, or a new one (billed to the owner's address)
 * stored on the workspace. The idempotency key is per workspace, so two first checkouts at the same
 * moment get the same customer from Stripe rather than two. The metadata names the workspace as
 * `userId` too: a personal workspace has its owner's id, and events of customers made before
 * workspaces existed name their user there.
 */
export async function ensureStripeCustomer({
  stripe,
  user,
}: {
  stripe: TStripeClient;
  user: TWorkspaceRecord;
}): Promise<string> {
  if (user.stripeCustomerId !== null) {
    return user.stripeCustomerId;
  }
  const owner = await userRepository.findById({ userId: user.ownerId });
  const customer = await callStripe('customers.create', () =>
    stripe.customers.create(
      {
        ...(owner ? { email: owner.email } : {}),
        name: user.name,
        metadata: { workspaceId: user.id, userId: user.id },
      },
      { idempotencyKey: `formwell-customer-${user.id}` },
    ),
  );
  await workspaceRepository.setStripeCustomerId({ workspaceId: user.id, stripeCustomerId: customer.id });

  return customer.id;
}
