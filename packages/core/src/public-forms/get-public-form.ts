import { formRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/**
 * What the thank-you page of a form's keyless endpoint shows: its name. 404 `Form not found` for a
 * form that did not opt in, exactly as for no form, so the page reveals nothing about other forms.
 */
export async function getPublicFormName({ formId }: { formId: string }): Promise<string> {
  const form = await formRepository.findForPublicSubmit({ formId });
  if (!form?.publicSubmissions.enabled) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.FORM_NOT_FOUND });
  }

  return form.name;
}
