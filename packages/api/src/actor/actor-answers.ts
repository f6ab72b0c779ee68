import { AppError, AppErrorCode, ErrorMessages } from '@formwell/core';

import type { TActor } from './actor.js';

/**
 * The answers that differ by caller, decided here and nowhere else, so one procedure serves both.
 *
 * - A form of another tenant: the REST contract answers some operations with 403 `Form does not
 *   belong to this user`; the dashboard never learns that an id it does not own exists, so its
 *   session gets the 404 of an unknown form everywhere.
 * - A form's stored settings (developer email, reply-to, retention, the keyless endpoint's set-up,
 *   spam count) are the editor's: a session reads them, a key reads the public Form of the contract.
 */
export function seesFormSettings(actor: TActor): boolean {
  return actor.credential.type === 'session';
}

/** The error the caller gets instead of `error`: a session's foreign-form 403 becomes the 404. */
export function answerFor(actor: TActor, error: unknown): unknown {
  return actor.credential.type === 'session' ? sessionAnswerFor(error) : error;
}

/**
 * The error a dashboard session gets instead of `error`, for its routes outside the procedures
 * (the file download, the CSV export): another workspace's form is an unknown one.
 */
export function sessionAnswerFor(error: unknown): unknown {
  if (
    AppError.is(error) &&
    error.code === AppErrorCode.FORBIDDEN &&
    error.message === ErrorMessages.FOREIGN_FORM_MESSAGE &&
    error.error === ErrorMessages.FOREIGN_FORM_ERROR
  ) {
    return new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.FORM_NOT_FOUND });
  }

  return error;
}
