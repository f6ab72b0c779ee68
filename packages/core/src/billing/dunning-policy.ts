import { MAX_PAYMENT_ATTEMPTS } from '@formwell/db';

/** Days until the provider retries after failed attempt 1 and 2 (stated in the reminder email). */
const RETRY_DAYS_AFTER_ATTEMPT: Record<number, number> = { 1: 3, 2: 5 };

const DAY_MS = 24 * 3600_000;

/**
 * The three-attempt policy: the attempt a new failure is, from the open failures before it; the
 * last one cancels the subscription.
 */
export function nextAttemptNumber(openFailures: number): number {
  return Math.min(openFailures + 1, MAX_PAYMENT_ATTEMPTS);
}

export function cancelsSubscription(attemptNumber: number): boolean {
  return attemptNumber >= MAX_PAYMENT_ATTEMPTS;
}

/** When the provider retries after this failed attempt; null after the last one. */
export function nextRetryAt(attemptNumber: number, failedAt: Date): Date | null {
  const days = RETRY_DAYS_AFTER_ATTEMPT[attemptNumber];

  return days === undefined ? null : new Date(failedAt.getTime() + days * DAY_MS);
}
