/**
 * How many extra addresses one form may notify (pending and confirmed together). Enough for a
 * team's shared inboxes and a few people outside the workspace; more is a mailing list, which is
 * what workspace members (with their own choice of digest) are for.
 */
export const MAX_EXTRA_RECIPIENTS = 10;

/** How long a recipient's confirmation link works (a new one can be sent any time before or after). */
export const RECIPIENT_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

/** Why the worker did not mail an extra recipient (the mail log's `skipped`, with this reason). */
export const RECIPIENT_SKIP_REASONS = {
  unconfirmed: 'extra recipient has not confirmed the address yet',
  removed: 'extra recipient was removed or unsubscribed',
} as const;
