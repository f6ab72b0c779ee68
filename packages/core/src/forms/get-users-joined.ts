import { loadOwnedForm } from './load-owned-form.js';

export type GetUsersJoinedOptions = { userId: string; formId: string };

/**
 * Users-joined count: the form's submissions when `settings.usersJoined.enabled`, else 0.
 * Another user's form is the foreign-form 403 (`Form does not belong to this user`).
 */
export async function getUsersJoined({
  userId,
  formId,
}: GetUsersJoinedOptions): Promise<{ formId: string; count: number }> {
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });

  return { formId, count: form.settings.usersJoined?.enabled ? form.submissionCount : 0 };
}
