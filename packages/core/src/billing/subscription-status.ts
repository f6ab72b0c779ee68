import type { TSubscriptionStatus } from '@formwell/db';

/** The provider's subscription statuses we act on; the others (incomplete, paused) change nothing. */
const STATUS_OF: Record<string, TSubscriptionStatus> = {
  active: 'ACTIVE',
  trialing: 'TRIALING',
  past_due: 'PAST_DUE',
  unpaid: 'CANCELED',
  canceled: 'CANCELED',
  incomplete_expired: 'CANCELED',
};

export function mapSubscriptionStatus(providerStatus: string): TSubscriptionStatus | null {
  return STATUS_OF[providerStatus] ?? null;
}

/** Statuses under which the user gets the subscription's plan when it starts or comes back. */
export function grantsPlan(status: TSubscriptionStatus): boolean {
  return status === 'ACTIVE' || status === 'TRIALING';
}
