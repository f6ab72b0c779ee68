import { emailLogRepository, formRepository, submissionRepository } from '@formwell/db';

import { deleteSubmission } from '../submissions/delete-submission.js';
import { toSubmissionView, type TSubmissionView } from '../submissions/submission-view.js';
import { loadUser } from '../users/load-user.js';

export type SubmitterOptions = { userId: string; email: string };

/** Ids of all the owner's forms; 404 for an unknown owner. */
async function ownerFormIds(userId: string): Promise<string[]> {
  await loadUser(userId);
  const ids: string[] = [];
  for await (const form of formRepository.streamByUser({ userId })) {
    ids.push(form.id);
  }

  return ids;
}

/**
 * Every submission across the owner's forms whose submitter email is `email` (already normalised by
 * the caller's input schema: trimmed, lower-case, as submissions store it), for an access request.
 */
export async function findSubmitterData({
  userId,
  email,
}: SubmitterOptions): Promise<{ email: string; submissions: TSubmissionView[] }> {
  const records = await submissionRepository.listByEmail({
    userId,
    formIds: await ownerFormIds(userId),
    email,
  });

  return { email, submissions: records.map(toSubmissionView) };
}

/**
 * Erases a submitter: each of their submissions goes through the ordinary submission delete (so the
 * form's count and analytics counters drop exactly as for a delete by hand), then the owner's email
 * log entries of mail sent to that address.
 */
export async function eraseSubmitterData({
  userId,
  email,
}: SubmitterOptions): Promise<{ email: string; submissionsDeleted: number; emailsDeleted: number }> {
  const records = await submissionRepository.listByEmail({
    userId,
    formIds: await ownerFormIds(userId),
    email,
  });
  let submissionsDeleted = 0;
  for (const record of records) {
    await deleteSubmission({ userId, formId: record.formId, submissionId: record.id });
    submissionsDeleted += 1;
  }
  const emailsDeleted = await emailLogRepository.deleteByRecipient({ userId, to: email });

  return { email, submissionsDeleted, emailsDeleted };
}
