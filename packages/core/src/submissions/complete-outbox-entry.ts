import { submissionOutboxRepository } from '@formwell/db';

/** The worker marks an outbox entry done once its side effect happened (idempotent). */
export async function completeOutboxEntry({
  submissionId,
  entryId,
  now = new Date(),
}: {
  submissionId: string;
  entryId: string;
  now?: Date;
}): Promise<boolean> {
  return submissionOutboxRepository.markOutboxDone({ submissionId, entryId, now });
}
