import type { TCoreConfig } from '../config/load-config.js';
import { parseInput } from '../errors/parse-input.js';
import { createSession, type TSessionToken } from '../sessions/create-session.js';
import { createUser } from './create-user.js';
import type { TUserView } from './user-view.js';
import { ZSignUpInputSchema, type TSignUpInput } from './z-user-input.js';

/** Dashboard sign-up: a FREE owner account, signed in at once. 409 when the email is taken. */
export type SignUpOptions = { config: TCoreConfig; input: TSignUpInput };

export async function signUp({
  config,
  input,
}: SignUpOptions): Promise<{ user: TUserView; session: TSessionToken }> {
  const { email, password, name } = parseInput(ZSignUpInputSchema, input);
  const user = await createUser({ config, input: { email, password, name, plan: 'FREE', role: 'OWNER' } });
  const session = await createSession({ userId: user.id });

  return { user, session };
}
