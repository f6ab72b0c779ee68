import { workspaceInvitationRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { sha256Hex } from '../crypto/sha256-hex.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { createSession, type TSessionToken } from '../sessions/create-session.js';
import { createUser } from './create-user.js';
import type { TUserView } from './user-view.js';
import { ZSignUpInputSchema, type TSignUpInput } from './z-user-input.js';

/**
 * Dashboard sign-up: a FREE owner account (with its personal workspace), signed in at once. 409
 * when the email is taken. The server's `SIGNUP` policy decides who may: anyone (`open`), only
 * the holder of a pending invitation sent to this very address (`invite`), nobody (`closed`).
 */
export type SignUpOptions = {
  config: Pick<TCoreConfig, 'plans' | 'signup'>;
  input: TSignUpInput;
  /** The token of the invitation link the sign-up came from, if any (needed under `invite`). */
  invitationToken?: string | undefined;
  now?: Date;
};

export async function signUp({
  config,
  input,
  invitationToken,
  now = new Date(),
}: SignUpOptions): Promise<{ user: TUserView; session: TSessionToken }> {
  const { email, password, name } = parseInput(ZSignUpInputSchema, input);
  await assertSignUpAllowed({ policy: config.signup, email, invitationToken, now });
  const user = await createUser({
    config,
    input: { email, password, name, plan: 'FREE', role: 'OWNER' },
  });
  const session = await createSession({ userId: user.id });

  return { user, session };
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
