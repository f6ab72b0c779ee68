import { submissionOutboxRepository } from '@formwell/db';

/** Records a failed attempt; the entry stays pending so the sweeper re-enqueues it. */
export async function failOutboxEntry({
  submissionId,
  entryId,
  error,
}: {
  submissionId: string;
  entryId: string;
  error: string;
}): Promise<void> {
  await submissionOutboxRepository.recordOutboxFailure({ submissionId, entryId, error });
}
