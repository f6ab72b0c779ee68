import {
  submissionEmailJob,
  webhookDeliveryJob,
  type TJobProducer,
  type TSubmissionEmailJob,
} from '@formwell/jobs';

import type { TOutboxItem } from './outbox-item.js';

/**
 * Hands outbox entries to their queues: one job per entry, under an id derived from the entry, so
 * handing the same entry over again (the sweep after a crash or a Redis outage) adds nothing.
 */
export async function enqueueOutbox({
  producer,
  items,
}: {
  producer: TJobProducer;
  items: TOutboxItem[];
}): Promise<void> {
  await Promise.all(
    items.map((item) => {
      if (item.kind === 'webhook') {
        const { userId, formId, submissionId, entryId, endpointId } = item;
        if (endpointId === null) {
          return Promise.resolve();
        }

        return producer.enqueue(webhookDeliveryJob, {
          userId,
          formId,
          submissionId,
          entryId,
          endpointId,
          ...requestOf(item),
        });
      }

      return producer.enqueue(submissionEmailJob, submissionEmailJobData(item));
    }),
  );
}

/** An email entry as its job carries it. */
export function submissionEmailJobData(item: TOutboxItem): TSubmissionEmailJob {
  const { kind, userId, formId, submissionId, entryId } = item;
  if (kind === 'webhook') {
    throw new Error(`outbox entry ${entryId} is a webhook, not an email`);
  }

  return { kind, userId, formId, submissionId, entryId, ...requestOf(item) };
}

/** Jobs carry the request id only when there is one (the contracts refuse null). */
const requestOf = ({ requestId }: TOutboxItem) => (requestId === null ? {} : { requestId });
