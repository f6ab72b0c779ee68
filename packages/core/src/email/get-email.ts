import {
  caughtMailRepository,
  emailLogRepository,
  type TEmailLogVisibility,
  type TOwnerReader,
} from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { toEmailView, type TEmailView } from './email-view.js';

/**
 * One logged email whole, for the operator and staff (every email) or its owner; unknown ids and
 * other owners' emails are the same 404, so an id never tells whether it exists. A
 * message that went over SMTP to the local catcher of `npm start` has its body in the catcher's
 * mailbox, found by its Message-ID. A failure's SMTP text is shown whole to staff and the operator
 * (`reader.all`); an owner reads its category (email-error-category.ts).
 */
export async function getEmail({
  reader,
  visibility,
  id,
}: {
  reader: TOwnerReader;
  visibility: TEmailLogVisibility;
  id: string;
}): Promise<TEmailView> {
  const record = await emailLogRepository.findById({ reader, visibility, id });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.EMAIL_NOT_FOUND });
  }
  const caught =
    record.text === null && record.html === null && record.messageId !== null
      ? await caughtMailRepository.findBody({ messageId: record.messageId })
      : null;

  return toEmailView(caught ? { ...record, ...caught } : record, { fullError: reader.all });
}
