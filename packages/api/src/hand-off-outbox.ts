import type { TOutboxItem } from '@formwell/core';

import type { ApiLogger, ApiServices } from './context.js';

/**
 * Hands a stored submission's side effects (emails, webhooks) to the job queues without waiting:
 * they never slow or fail the submitter's answer, and what cannot be enqueued now stays pending in
 * the stored outbox for the worker's sweep. Shared by every face that submits.
 */
export function handOffOutbox({
  services,
  logger,
  outbox,
  submissionId,
}: {
  services: Pick<ApiServices, 'enqueueOutbox'>;
  logger: Pick<ApiLogger, 'warn'>;
  outbox: TOutboxItem[];
  submissionId: string;
}): void {
  if (outbox.length === 0 || !services.enqueueOutbox) {
    return;
  }
  void services.enqueueOutbox(outbox).catch((error: unknown) => {
    logger.warn({ err: error, submissionId }, 'outbox enqueue failed; the sweep will retry');
  });
}
