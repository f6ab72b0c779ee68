import { spamFolderRepository, submissionRepository } from '@formwell/db';

import { uncountRemoved } from '../submissions/delete-submission.js';
import { removeSubmissionFiles } from '../files/settle-upload.js';

/** How long spam stays in the folder for its owner to review. */
const SPAM_KEPT_DAYS = 30;
const DAY_MS = 86_400_000;
const BATCH = 500;

/**
 * The spam folder's purge (worker, with the retention sweep): deletes spam that entered the folder
 * more than 30 days ago, lowering the counters of those that had been counted (marked spam after
 * delivery), as a deletion by hand would. Returns how many went.
 */
export async function purgeSpamFolder({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const before = new Date(now.getTime() - SPAM_KEPT_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const expired = await spamFolderRepository.findExpired({ before, limit: BATCH });
    for (const submission of expired) {
      const removed = await submissionRepository.remove({
        userId: submission.userId,
        formId: submission.formId,
        submissionId: submission.id,
      });
      // Null when someone deleted it meanwhile: they lowered its counters.
      if (removed) {
        await Promise.all([uncountRemoved(removed), removeSubmissionFiles([removed.id])]);
        deleted += 1;
      }
    }
    if (expired.length < BATCH) {
      return deleted;
    }
  }
}
