import { submissionEmailJob, webhookDeliveryJob, type TJobProducer } from '@formwell/jobs';

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
    items.map(({ kind, userId, formId, submissionId, entryId, endpointId, requestId }) => {
      // Jobs carry the request id only when there is one (the contracts refuse null).
      const request = requestId === null ? {} : { requestId };
      if (kind === 'webhook') {
        if (endpointId === null) {
          return Promise.resolve();
        }

        return producer.enqueue(webhookDeliveryJob, {
          userId,
          formId,
          submissionId,
          entryId,
          endpointId,
          ...request,
        });
      }

      return producer.enqueue(submissionEmailJob, {
        kind,
        userId,
        formId,
        submissionId,
        entryId,
        ...request,
      });
    }),
  );
}
