import { formRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/**
 * The id of the user who owns a form, for the operator CLI, which names a form and not its owner.
 * It then acts as that owner through the same functions the dashboard uses, so both follow one set
 * of rules. 404 `Form not found` when there is no such form.
 */
export async function findFormOwner({ formId }: { formId: string }): Promise<string> {
  const userId = await formRepository.findOwnerId({ formId });
  if (!userId) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.FORM_NOT_FOUND });
  }

  return userId;
}
