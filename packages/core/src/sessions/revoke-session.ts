import { dashboardSessionRepository } from '@formwell/db';

import { sha256Hex } from '../crypto/sha256-hex.js';

export type RevokeSessionOptions = { token: string | null | undefined };

/** Log out: deletes the session; idempotent. */
export async function revokeSession({ token }: RevokeSessionOptions): Promise<void> {
  if (!token) {
    return;
  }
  await dashboardSessionRepository.deleteByHash({ tokenHash: sha256Hex(token) });
}
