import { accountTokenRepository, userRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { newOneTimeToken } from '../crypto/one-time-token.js';
import { verifyEmailEmail } from '../email/account-email-templates.js';
import { queueAccountEmail, type TAccountMail } from '../email/queue-account-email.js';
import { accountLinkUrl, VERIFY_EMAIL_TTL_MS } from './account-links.js';

/**
 * Emails a verification link (24 h, single-use) to an account's address; only the token's hash
 * is stored, beside the address it went to (a link proves that address, not a later one).
 */
export async function sendVerificationEmail({
  config,
  mail,
  user,
  now = new Date(),
}: {
  config: Pick<TCoreConfig, 'publicUrl'>;
  mail: TAccountMail;
  user: { id: string; email: string };
  now?: Date;
}): Promise<void> {
  const { token, tokenHash } = newOneTimeToken();
  const expiresAt = new Date(now.getTime() + VERIFY_EMAIL_TTL_MS);
  await accountTokenRepository.create({
    kind: 'verify-email',
    userId: user.id,
    email: user.email,
    tokenHash,
    expiresAt,
  });
  await queueAccountEmail({
    mail,
    kind: 'account.verify-email',
    ownerId: user.id,
    message: verifyEmailEmail({
      to: user.email,
      url: accountLinkUrl(config.publicUrl, 'verify-email', token),
    }),
    expiresAt,
  });
}

/**
 * The dashboard's "send the link again": a new link for the signed-in user, unless the address is
 * verified already (`sent: false`).
 */
export async function resendVerificationEmail({
  config,
  mail,
  userId,
  now = new Date(),
}: {
  config: Pick<TCoreConfig, 'publicUrl'>;
  mail: TAccountMail;
  userId: string;
  now?: Date;
}): Promise<{ sent: boolean }> {
  const user = await userRepository.findById({ userId });
  if (!user || user.emailVerifiedAt !== null) {
    return { sent: false };
  }
  await sendVerificationEmail({ config, mail, user, now });

  return { sent: true };
}
