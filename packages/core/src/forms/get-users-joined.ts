import { formRepository } from '@formwell/db';

import { missingOwnedForm } from './load-owned-form.js';

export type GetUsersJoinedOptions = { userId: string; formId: string };

/**
 * Users-joined count: the form's submissions when `settings.usersJoined.enabled`, else 0.
 * Another user's form is the foreign-form 403 (`Form does not belong to this user`). Only the
 * switch and the count are read (formRepository.findUsersJoined), not the whole form.
 */
export async function getUsersJoined({
  userId,
  formId,
}: GetUsersJoinedOptions): Promise<{ formId: string; count: number }> {
  const form =
    (await formRepository.findUsersJoined({ userId, formId })) ??
    (await missingOwnedForm({ formId, foreign: 'forbidden' }));

  return { formId, count: form.enabled ? form.submissionCount : 0 };
}
