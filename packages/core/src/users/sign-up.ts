import { userRepository, workspaceInvitationRepository } from '@formwell/db';

import { createPasswordResetLink } from '../account/password-reset.js';
import { checkInbox, type TCheckInbox } from '../account/check-inbox.js';
import { sendVerificationEmail } from '../account/send-verification-email.js';
import type { TCoreConfig } from '../config/load-config.js';
import { sha256Hex } from '../crypto/sha256-hex.js';
import { alreadyRegisteredEmail } from '../email/account-email-templates.js';
import { queueAccountEmail, type TAccountMail } from '../email/queue-account-email.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { createUser } from './create-user.js';
import { ZSignUpInputSchema, type TSignUpInput } from './z-user-input.js';

/**
 * Dashboard sign-up. The answer is the same whether or not the address has an account, and signs
 * nobody in (a session cookie would tell the two apart): a new address gets a FREE owner account
 * (with its personal workspace) and a verification link; an address that has an account gets no
 * second one, only an email saying so, with a password-reset link. Both then log in. The
 * server's `SIGNUP` policy decides who may: anyone (`open`), only the holder of a pending
 * invitation sent to this very address (`invite`), nobody (`closed`).
 */
export type SignUpOptions = {
  config: Pick<TCoreConfig, 'plans' | 'signup' | 'publicUrl'>;
  mail: TAccountMail;
  input: TSignUpInput;
  /** The token of the invitation link the sign-up came from, if any (needed under `invite`). */
  invitationToken?: string | undefined;
  now?: Date;
};

export async function signUp({
  config,
  mail,
  input,
  invitationToken,
  now = new Date(),
}: SignUpOptions): Promise<TCheckInbox> {
  const { email, password, name } = parseInput(ZSignUpInputSchema, input);
  await assertSignUpAllowed({ policy: config.signup, email, invitationToken, now });
  // Also for a taken address: the password is hashed before the insert fails, so both paths take
  // about as long and the timing tells nothing either.
  const user = await createUser({
    config,
    input: { email, password, name, plan: 'FREE', role: 'OWNER' },
    emailVerified: false,
  }).catch((error: unknown) => {
    if (AppError.is(error) && error.code === AppErrorCode.CONFLICT) {
      return null;
    }
    throw error;
  });
  if (user) {
    await sendVerificationEmail({ config, mail, user, now });
  } else {
    await tellTheAccountHolder({ config, mail, email, now });
  }

  return checkInbox(email);
}

/** The address has an account: its holder hears of the attempt, with a way back in. */
async function tellTheAccountHolder({
  config,
  mail,
  email,
  now,
}: {
  config: Pick<TCoreConfig, 'publicUrl'>;
  mail: TAccountMail;
  email: string;
  now: Date;
}): Promise<void> {
  const holder = await userRepository.findByEmail({ email });
  if (!holder) {
    return;
  }
  const reset = await createPasswordResetLink({ config, user: holder, now });
  await queueAccountEmail({
    mail,
    kind: 'account.already-registered',
    ownerId: holder.id,
    message: alreadyRegisteredEmail({
      to: holder.email,
      logInUrl: `${config.publicUrl.replace(/\/+$/, '')}/login`,
      resetUrl: reset.url,
    }),
    expiresAt: reset.expiresAt,
  });
}

async function assertSignUpAllowed({
  policy,
  email,
  invitationToken,
  now,
}: {
  policy: TCoreConfig['signup'];
  email: string;
  invitationToken: string | undefined;
  now: Date;
}): Promise<void> {
  if (policy === 'open') {
    return;
  }
  if (policy === 'closed') {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.SIGNUP_CLOSED });
  }
  const invitation = invitationToken
    ? await workspaceInvitationRepository.findByHash({ tokenHash: sha256Hex(invitationToken) })
    : null;
  const pending =
    invitation !== null &&
    invitation.email === email &&
    invitation.acceptedAt === null &&
    invitation.revokedAt === null &&
    invitation.expiresAt > now;
  if (!pending) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.SIGNUP_INVITE_ONLY });
  }
}
