import { revokeSession } from '../sessions/revoke-session.js';

/** Ends the dashboard session of this token (idempotent). */
export async function logOut({ token }: { token: string | null | undefined }): Promise<void> {
  await revokeSession({ token });
}
