import { userRepository } from '@formwell/db';

/** The id of the account with this email (compared case-insensitively), or null when there is none. */
export async function findUserIdByEmail({ email }: { email: string }): Promise<string | null> {
  const user = await userRepository.findByEmail({ email });

  return user?.id ?? null;
}
