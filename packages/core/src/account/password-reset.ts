import { accountTokenRepository, dashboardSessionRepository, userRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { newOneTimeToken } from '../crypto/one-time-token.js';
import { sha256Hex } from '../crypto/sha256-hex.js';
import { passwordResetEmail } from '../email/account-email-templates.js';
import { queueAccountEmail, type TAccountMail } from '../email/queue-account-email.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { password as passwords } from '../users/password.js';
import { ZPasswordSchema } from '../users/z-user-input.js';
import { accountLinkUrl, PASSWORD_RESET_TTL_MS } from './account-links.js';
import { checkInboxFor, type TCheckInbox } from './check-inbox.js';
import { clearUnprovenAccess, type TClearedAccess } from './clear-unproven-access.js';

/**
 * Emails a reset link (30 min, single-use) to an account's address; only the token's hash is kept.
 * Also used when someone signs up with an address that has an account.
 */
export async function createPasswordResetLink({
  config,
  user,
  now,
}: {
  config: Pick<TCoreConfig, 'publicUrl'>;
  user: { id: string; email: string };
  now: Date;
}): Promise<{ url: string; expiresAt: Date }> {
  const { token, tokenHash } = newOneTimeToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await accountTokenRepository.create({
    kind: 'password-reset',
    userId: user.id,
    email: user.email,
    tokenHash,
    expiresAt,
  });

  return { url: accountLinkUrl(config.publicUrl, 'reset-password', token), expiresAt };
}

/**
 * "Forgot my password": a reset link to the address if it has an account, nothing otherwise; the
 * answer is the same either way. Limits on how often are the caller's (per address and per email).
 */
export async function requestPasswordReset({
  config,
  mail,
  email,
  now = new Date(),
}: {
  config: Pick<TCoreConfig, 'publicUrl'>;
  mail: TAccountMail;
  email: string;
  now?: Date;
}): Promise<TCheckInbox> {
  const answer = checkInboxFor(email);
  const user = await userRepository.findByEmail({ email: answer.email });
  if (user) {
    const link = await createPasswordResetLink({ config, user, now });
    await queueAccountEmail({
      mail,
      kind: 'account.password-reset',
      ownerId: user.id,
      message: passwordResetEmail({ to: user.email, url: link.url }),
      expiresAt: link.expiresAt,
    });
  }

  return answer;
}

/**
 * Sets a new password from a reset link and ends every session of the account (whoever held one
 * is out). The link works once; every other reset link of the account dies with it, and the
 * address counts as verified (the link reached it). The new password is checked first, so a
 * too-short one does not use the link up.
 *
 * An account whose address was never proven may have been opened by someone else with this
 * address: then its keys, webhook endpoints, sent invitations, extra notification recipients and
 * forms' notification addresses naming someone else go too (clearUnprovenAccess),
 * before the address is marked verified (so a failure part-way leaves it unproven, and the next
 * reset clears again). `cleared` says what went; null for an account already verified.
 */
export async function resetPassword({
  token,
  password,
  now = new Date(),
}: {
  token: string;
  password: string;
  now?: Date;
}): Promise<{ email: string; cleared: TClearedAccess | null }> {
  const plain = parseInput(ZPasswordSchema, password);
  const used = await accountTokenRepository.use({ kind: 'password-reset', tokenHash: sha256Hex(token), now });
  const user = used ? await userRepository.findById({ userId: used.userId }) : null;
  if (!used || !user || user.email !== used.email) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.INVALID_LINK });
  }
  await userRepository.setPasswordHash({ userId: user.id, passwordHash: await passwords.hash(plain) });
  await accountTokenRepository.voidAll({ userId: user.id, kind: 'password-reset', now });
  await dashboardSessionRepository.deleteByUser({ userId: user.id });
  const cleared = user.emailVerifiedAt === null ? await clearUnprovenAccess({ userId: user.id, now }) : null;
  await userRepository.markEmailVerified({ userId: user.id, at: now });

  return { email: user.email, cleared };
}
