import { submissionCountersRepository } from '@formwell/db';

import { applySubmissionCounters } from './apply-submission-counters.js';

/**
 * The counter sweep (run by the worker every minute or so): finishes the counting of submissions
 * whose submit was interrupted between the insert and the counter updates (crash, lost connection).
 * Idempotent, so overlapping runs and a submit that is merely slow are harmless. Returns how many
 * submissions it settled.
 */
export async function reconcileSubmissionCounters({
  olderThanMs = 30_000,
  limit = 500,
  now = new Date(),
}: {
  olderThanMs?: number;
  limit?: number;
  now?: Date;
} = {}): Promise<number> {
  const pending = await submissionCountersRepository.findPending({
    createdBefore: new Date(now.getTime() - olderThanMs),
    limit,
  });
  for (const submission of pending) {
    await applySubmissionCounters({ submission });
  }

  return pending.length;
}
