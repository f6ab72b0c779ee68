import {
  formRepository,
  formStatsRepository,
  submissionRepository,
  type TSubmissionRecord,
} from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { removeSubmissionFiles } from '../files/settle-upload.js';

export type DeleteSubmissionOptions = { userId: string; formId: string; submissionId: string };

/**
 * Deletes one submission and lowers `submissionCount` and the analytics counters, which describe
 * the submissions stored now (so they always equal a rebuild from the submissions). The monthly
 * quota is not given back: it counts submissions received.
 */
export async function deleteSubmission({
  userId,
  formId,
  submissionId,
}: DeleteSubmissionOptions): Promise<{ id: string; deleted: true }> {
  await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const removed = await submissionRepository.remove({ userId, formId, submissionId });
  if (!removed) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.SUBMISSION_NOT_FOUND });
  }
  await removeSubmissionFiles([submissionId]);
  await uncountRemoved(removed);

  return { id: submissionId, deleted: true };
}

/**
 * Lowers the counters a just-deleted submission was in. Spam leaves its form's spam folder count.
 * Withheld spam (filed by the classifier, never released) was in no other counter; nor was a
 * submission deleted with its "counters pending" mark: counting takes the mark first
 * (countPending), so a deleted mark was never taken, and nobody can take it any more.
 */
export async function uncountRemoved(removed: TSubmissionRecord): Promise<void> {
  const { userId, formId } = removed;
  const counted = !removed.withheld && !removed.countersPending;
  const inFolder = removed.status === 'spam';
  await Promise.all([
    counted || inFolder
      ? formRepository.incrementCounts({
          userId,
          formId,
          by: { ...(counted ? { submissionCount: -1 } : {}), ...(inFolder ? { spamFolderCount: -1 } : {}) },
        })
      : undefined,
    counted
      ? formStatsRepository.removeSubmission({
          userId,
          formId,
          at: removed.createdAt,
          browser: removed.meta.browser,
          country: removed.meta.country,
        })
      : undefined,
  ]);
}
