import { caughtMailRepository, emailLogRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { toEmailView, type TEmailView } from './email-view.js';

/**
 * One logged email whole, for the operator (not scoped to an owner); unknown ids are a 404. A
 * message that went over SMTP to the local catcher of `npm start` has its body in the catcher's
 * mailbox, found by its Message-ID.
 */
export async function getEmail({ id }: { id: string }): Promise<TEmailView> {
  const record = await emailLogRepository.findById({ id });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.EMAIL_NOT_FOUND });
  }
  const caught =
    record.text === null && record.html === null && record.messageId !== null
      ? await caughtMailRepository.findBody({ messageId: record.messageId })
      : null;

  return toEmailView(caught ? { ...record, ...caught } : record);
}
