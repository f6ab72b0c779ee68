import { accountTokenRepository, userRepository } from '@formwell/db';

import { sha256Hex } from '../crypto/sha256-hex.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/**
 * Uses a verification link: marks the account's address verified. Needs no session (the link may
 * be opened on another device). A link unknown, used, expired, or sent to an address the account
 * no longer has answers 400 `This link is invalid, used or expired`.
 */
export async function verifyEmail({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<{ email: string; emailVerified: true }> {
  const used = await accountTokenRepository.use({ kind: 'verify-email', tokenHash: sha256Hex(token), now });
  const user = used ? await userRepository.findById({ userId: used.userId }) : null;
  if (!used || !user || user.email !== used.email) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.INVALID_LINK });
  }
  await userRepository.markEmailVerified({ userId: user.id, at: now });

  return { email: user.email, emailVerified: true };
}
