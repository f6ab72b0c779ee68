import { formRepository, notificationRecipientRepository } from '@formwell/db';

import { sha256Hex } from '../../../crypto/sha256-hex.js';
import { AppErrorCode } from '../../../errors/app-error-code.js';
import { AppError } from '../../../errors/app-error.js';
import { ErrorMessages } from '../../../errors/error-messages.js';
import { recipientOfUnsubscribeToken } from './unsubscribe-token.js';

const invalidLink = () => new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.INVALID_LINK });

/** The form's name for the page that answers a link (the recipient saw it in the email already). */
async function formNameOf(recipient: { workspaceId: string; formId: string }): Promise<string> {
  const form = await formRepository.findById({ userId: recipient.workspaceId, formId: recipient.formId });

  return form?.name ?? '';
}

/**
 * Uses an extra recipient's confirmation link (no session: the address proves itself by opening
 * it). From now on the address gets the form's notifications. Unknown, used, replaced by a newer
 * link, expired, or for a removed recipient: 400 `This link is invalid, used or expired`.
 */
export async function confirmNotificationRecipient({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<{ email: string; formName: string; confirmed: true }> {
  const recipient = await notificationRecipientRepository.confirm({ tokenHash: sha256Hex(token), now });
  if (!recipient) {
    throw invalidLink();
  }

  return { email: recipient.email, formName: await formNameOf(recipient), confirmed: true };
}

/**
 * The unsubscribe link of a notification: one click, no session. The signed token names the
 * recipient; a recipient already removed answers the same success (the link did its job once),
 * a token whose signature does not hold is 400 `This link is invalid, used or expired`.
 */
export async function unsubscribeNotificationRecipient({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<{ unsubscribed: true }> {
  const recipientId = await recipientOfUnsubscribeToken(token);
  if (recipientId === null) {
    throw invalidLink();
  }
  await notificationRecipientRepository.remove({ recipientId, scope: null, now });

  return { unsubscribed: true };
}
