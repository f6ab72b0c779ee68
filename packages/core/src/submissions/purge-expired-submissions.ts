import { formRepository, submissionRepository } from '@formwell/db';

import { removeSubmissionFiles } from '../files/settle-upload.js';
import { uncountRemoved } from './delete-submission.js';

const DAY_MS = 86_400_000;
const BATCH = 500;

/** What the retention sweep did to one form. */
type TRetentionPurge = { userId: string; formId: string; retentionDays: number; deleted: number };

/**
 * The retention sweep (worker): deletes submissions older than their form's `retentionDays` and
 * lowers `submissionCount` and the analytics counters to match, as deleting them one by one would:
 * the counters describe the submissions stored now. Returns how many were deleted. Submissions
 * whose counting is still pending are skipped until the counter sweep has settled them.
 */
export async function purgeExpiredSubmissions({
  now = new Date(),
  onPurged,
}: {
  now?: Date;
  /** Told of every form the sweep deleted submissions from, with how many (the worker logs it). */
  onPurged?: (purged: TRetentionPurge) => void;
} = {}): Promise<number> {
  let deleted = 0;
  let afterId: string | undefined;
  for (;;) {
    const forms = await formRepository.listWithRetention({ afterId, limit: 100 });
    for (const form of forms) {
      const purged = await purgeForm(
        { userId: form.userId, formId: form.id },
        new Date(now.getTime() - form.retentionDays * DAY_MS),
      );
      if (purged > 0) {
        onPurged?.({
          userId: form.userId,
          formId: form.id,
          retentionDays: form.retentionDays,
          deleted: purged,
        });
      }
      deleted += purged;
    }
    const last = forms.at(-1);
    if (forms.length < 100 || !last) {
      return deleted;
    }
    afterId = last.id;
  }
}

async function purgeForm(ids: { userId: string; formId: string }, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const removed = await submissionRepository.removeOlderThan({ ...ids, before, limit: BATCH });
    if (removed.length > 0) {
      await removeSubmissionFiles(removed.map((submission) => submission.id));
      // Each as it was when deleted: one marked spam between the sweep's read and its delete left
      // the counts already (and is in the folder's), so it is lowered as any deletion lowers it.
      for (const submission of removed) {
        await uncountRemoved(submission);
      }
      deleted += removed.length;
    }
    // Fewer than asked: nothing older is left (or only submissions someone else is deleting).
    if (removed.length < BATCH) {
      return deleted;
    }
  }
}
