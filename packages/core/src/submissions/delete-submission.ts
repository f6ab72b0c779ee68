import { formRepository, submissionRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';

export type DeleteSubmissionOptions = { userId: string; formId: string; submissionId: string };

/**
 * Deletes one submission and lowers `submissionCount`. Quota already used this month is not given
 * back, and the analytics counters keep it (they count what was received).
 */
export async function deleteSubmission({
  userId,
  formId,
  submissionId,
}: DeleteSubmissionOptions): Promise<{ id: string; deleted: true }> {
  await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  if (!(await submissionRepository.delete({ userId, formId, submissionId }))) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.SUBMISSION_NOT_FOUND });
  }
  await formRepository.incrementSubmissionCount({ userId, formId, by: -1 });

  return { id: submissionId, deleted: true };
}
