import { userRepository, workspaceRepository, type TWorkspaceRecord } from '@formwell/db';

import { callStripe } from './call-stripe.js';
import type { TStripeClient } from './stripe-client.js';

/**
 * What our Stripe objects carry to name their workspace. A personal workspace also names its
 * account as `userId` (the same id), as every object did before workspaces: a server of the
 * previous release reading the events (a rollback) still finds the account.
 */
export function billingMetadata(workspace: Pick<TWorkspaceRecord, 'id' | 'ownerId'>): Record<string, string> {
  return workspace.id === workspace.ownerId
    ? { workspaceId: workspace.id, userId: workspace.id }
    : { workspaceId: workspace.id };
}

/**
 * The workspace's Stripe customer: the stored one, or a new one (billed to the owner's address)
 * stored on the workspace. The idempotency key is per workspace, so two first checkouts at the same
 * moment get the same customer from Stripe rather than two. A personal workspace's customer is
 * named after its owner, as accounts' customers were before workspaces.
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
  const personal = user.id === user.ownerId;
  const name = personal ? owner?.name : user.name;
  const customer = await callStripe('customers.create', () =>
    stripe.customers.create(
      {
        ...(owner ? { email: owner.email } : {}),
        ...(name ? { name } : {}),
        metadata: billingMetadata(user),
      },
      { idempotencyKey: `formwell-customer-${user.id}` },
    ),
  );
  await workspaceRepository.setStripeCustomerId({ workspaceId: user.id, stripeCustomerId: customer.id });

  return customer.id;
}
