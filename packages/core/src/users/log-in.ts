import { userRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { createSession, type TSessionToken } from '../sessions/create-session.js';
import { password as passwords } from './password.js';
import { loadUserView, type TUserView } from './user-view.js';
import { ZLogInInputSchema, type TLogInInput } from './z-user-input.js';

// Verified when the email is unknown, so both failures take about as long (no account probing).
let dummyHash: Promise<string> | undefined;

function getDummyHash(): Promise<string> {
  dummyHash ??= passwords.hash('formwell-dummy-password');

  return dummyHash;
}

/** Email + password → a new session. One 401 text for every failure. */
export async function logIn(
  input: TLogInInput,
  browser: { userAgent?: string | undefined } = {},
): Promise<{ user: TUserView; session: TSessionToken }> {
  const { email, password } = parseInput(ZLogInInputSchema, input);
  const user = await userRepository.findByEmail({ email });
  const ok = await passwords.verify(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user?.passwordHash || !ok) {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.INVALID_CREDENTIALS });
  }
  const session = await createSession({ userId: user.id, userAgent: browser.userAgent });

  return { user: await loadUserView(user), session };
}
