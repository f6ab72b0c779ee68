import { outboxDeliveryRepository } from '@formwell/db';

import type { TOutboxItem } from './outbox-item.js';

/**
 * Longer than a webhook's whole retry schedule (about 28 hours): an entry still pending after this
 * has lost its job, whatever its attempts say.
 */
export const OUTBOX_ABANDONED_AFTER_MS = 36 * 3600_000;

/**
 * Outbox entries the sweeper must hand to the queues again: never attempted and older than
 * `olderThanMs` (the enqueue after the insert was lost to a crash or a Redis outage), or pending
 * longer than `abandonedAfterMs`. Deterministic job ids make re-enqueueing safe.
 */
export async function findPendingOutbox({
  olderThanMs = 30_000,
  abandonedAfterMs = OUTBOX_ABANDONED_AFTER_MS,
  limit = 100,
  now = new Date(),
}: {
  olderThanMs?: number;
  abandonedAfterMs?: number;
  limit?: number;
  now?: Date;
} = {}): Promise<TOutboxItem[]> {
  const abandonedBefore = new Date(now.getTime() - abandonedAfterMs);
  const submissions = await outboxDeliveryRepository.findSweepable({
    createdBefore: new Date(now.getTime() - olderThanMs),
    abandonedBefore,
    limit,
  });

  return submissions.flatMap((submission) =>
    submission.outbox
      .filter(
        (entry) =>
          entry.status === 'pending' && (entry.attempts === 0 || submission.createdAt < abandonedBefore),
      )
      .map((entry) => ({
        submissionId: submission.id,
        entryId: entry.id,
        formId: submission.formId,
        userId: submission.userId,
        kind: entry.kind,
        endpointId: entry.endpointId,
        requestId: submission.requestId,
      })),
  );
}
