import { formRepository } from '@formwell/db';

import { formNotFound } from './load-owned-form.js';

/**
 * The id of the user who owns a form, for the operator CLI, which names a form and not its owner.
 * It then acts as that owner through the same functions the dashboard uses, so both follow one set
 * of rules. 404 `Form not found` when there is no such form.
 */
export async function findFormOwner({ formId }: { formId: string }): Promise<string> {
  const userId = await formRepository.findOwnerId({ formId });
  if (!userId) {
    throw formNotFound();
  }

  return userId;
}
