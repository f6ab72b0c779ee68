import { accountTokenRepository, dashboardSessionRepository, userRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { password as passwords } from '../users/password.js';
import { ZPasswordSchema } from '../users/z-user-input.js';

/**
 * Changes the signed-in user's password, given the current one (403 `The current password is not
 * correct` otherwise). Every other session ends (a stolen cookie stops working) and pending reset
 * links die; the session that asked stays signed in.
 */
export async function changePassword({
  userId,
  sessionId,
  currentPassword,
  newPassword,
  now = new Date(),
}: {
  userId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  now?: Date;
}): Promise<{ otherSessionsEnded: number }> {
  const plain = parseInput(ZPasswordSchema, newPassword);
  const user = await userRepository.findById({ userId });
  const ok =
    user?.passwordHash != null &&
    typeof currentPassword === 'string' &&
    (await passwords.verify(user.passwordHash, currentPassword));
  if (!user || !ok) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.WRONG_CURRENT_PASSWORD });
  }
  await userRepository.setPasswordHash({ userId, passwordHash: await passwords.hash(plain) });
  await accountTokenRepository.voidAll({ userId, kind: 'password-reset', now });
  const otherSessionsEnded = await dashboardSessionRepository.deleteAllExcept({ userId, keepId: sessionId });

  return { otherSessionsEnded };
}
