import { submissionRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { toSubmissionView, type TSubmissionView } from './submission-view.js';

export type GetSubmissionOptions = { userId: string; formId: string; submissionId: string };

/** One submission of the owner's form; 404 `Submission not found` when missing. */
export async function getSubmission({
  userId,
  formId,
  submissionId,
}: GetSubmissionOptions): Promise<TSubmissionView> {
  await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const record = await submissionRepository.findById({ userId, formId, submissionId });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.SUBMISSION_NOT_FOUND });
  }

  return toSubmissionView(record);
}
