import { formRepository, type TFormRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { foreignFormError } from '../errors/foreign-form-error.js';

export type LoadOwnedFormOptions = {
  userId: string;
  formId: string;
  /**
   * What another user's form looks like: `not-found` (get form, analytics, management) or
   * `forbidden` (submit, submissions, users-joined, webhook endpoints: 403 "Form does not belong to
   * this user").
   */
  foreign: 'not-found' | 'forbidden';
};

/** The form, if this user owns it; else 404 `Form not found` or the foreign-form 403. */
export async function loadOwnedForm({ userId, formId, foreign }: LoadOwnedFormOptions): Promise<TFormRecord> {
  const form = await formRepository.findById({ userId, formId });
  if (form) {
    return form;
  }
  if (foreign === 'forbidden' && (await formRepository.findOwnerId({ formId })) !== null) {
    throw foreignFormError();
  }

  throw formNotFound();
}

/** The 404 of a form this user does not have. */
export function formNotFound(): AppError {
  return new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.FORM_NOT_FOUND });
}
