import {
  submissionEmailJob,
  webhookDeliveryJob,
  type TJobProducer,
  type TSubmissionEmailJob,
} from '@formwell/jobs';

import type { TOutboxItem } from './outbox-item.js';

/**
 * Hands outbox entries to their queues: one job per entry, under an id derived from the entry, so
 * handing the same entry over again while its job waits or runs adds nothing. `again` is the
 * sweep's hand-over of entries still pending: BullMQ keeps an ended job under its id for days and
 * ignores a new one of that id, so a job that ended with its entry still pending (it ran before the
 * submission could be read, or died on its last try before closing the entry) is run again.
 */
export async function enqueueOutbox({
  producer,
  items,
  again = false,
}: {
  producer: TJobProducer;
  items: TOutboxItem[];
  again?: boolean;
}): Promise<void> {
  const handOver: TJobProducer['requeue'] = again
    ? (contract, data) => producer.requeue(contract, data)
    : (contract, data) => producer.enqueue(contract, data);
  await Promise.all(
    items.map((item) => {
      if (item.kind === 'webhook') {
        const { userId, formId, submissionId, entryId, endpointId } = item;
        if (endpointId === null) {
          return Promise.resolve();
        }

        return handOver(webhookDeliveryJob, {
          userId,
          formId,
          submissionId,
          entryId,
          endpointId,
          ...requestOf(item),
        });
      }

      return handOver(submissionEmailJob, submissionEmailJobData(item));
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
