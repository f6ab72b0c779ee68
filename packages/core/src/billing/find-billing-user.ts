import { billingCustomerRepository, userRepository } from '@formwell/db';

/**
 * The user a provider object belongs to: a user id our checkout put in its metadata (only if that
 * user exists), else the user linked to its customer id. Null when neither names one.
 */
export async function findBillingUser({
  metadataUserId,
  customerId,
}: {
  metadataUserId?: string | null | undefined;
  customerId?: string | null | undefined;
}): Promise<string | null> {
  if (metadataUserId) {
    const user = await userRepository.findById({ userId: metadataUserId });
    if (user) {
      return user.id;
    }
  }

  return customerId ? billingCustomerRepository.findUserId({ customerId }) : null;
}
