import { AppErrorCode } from './app-error-code.js';
import { AppError } from './app-error.js';
import { ErrorMessages } from './error-messages.js';

/**
 * 403 for submit, submissions and users-joined on another user's form, with two texts: message
 * "Unauthorized", error "Form does not belong to this user". GET form and analytics answer 404.
 */
export function foreignFormError(): AppError {
  return new AppError(AppErrorCode.FORBIDDEN, {
    message: ErrorMessages.FOREIGN_FORM_MESSAGE,
    error: ErrorMessages.FOREIGN_FORM_ERROR,
  });
}
