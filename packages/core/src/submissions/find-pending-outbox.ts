import { submissionOutboxRepository } from '@formwell/db';

import type { TOutboxItem } from './outbox-item.js';

/**
 * Outbox entries still pending on submissions older than `olderThanMs` (the sweeper re-enqueues them
 * after a crash or a Redis outage at submit time). Deterministic job ids make re-enqueueing safe.
 */
export async function findPendingOutbox({
  olderThanMs = 30_000,
  limit = 100,
  now = new Date(),
}: {
  olderThanMs?: number;
  limit?: number;
  now?: Date;
} = {}): Promise<TOutboxItem[]> {
  const submissions = await submissionOutboxRepository.findWithPendingOutbox({
    createdBefore: new Date(now.getTime() - olderThanMs),
    limit,
  });

  return submissions.flatMap((submission) =>
    submission.outbox
      .filter((entry) => entry.status === 'pending')
      .map((entry) => ({
        submissionId: submission.id,
        entryId: entry.id,
        formId: submission.formId,
        userId: submission.userId,
        kind: entry.kind,
        endpointId: entry.endpointId,
      })),
  );
}
