import { randomBytes } from 'node:crypto';

import { dashboardSessionRepository } from '@formwell/db';

import { sha256Hex } from '../crypto/sha256-hex.js';

/** Dashboard sessions last 14 days; the cookie carries the token, the database its hash. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Sessions kept per user: enough for every browser and device a person uses, while repeated
 * log-ins (a script, a leaked password) cannot grow the collection without end.
 */
export const MAX_SESSIONS_PER_USER = 20;

/** What a session keeps of the browser's User-Agent: enough to tell browsers apart. */
const USER_AGENT_MAX = 200;

export type CreateSessionOptions = {
  userId: string;
  /** The User-Agent header of the log-in, shown in the user's session list. */
  userAgent?: string | undefined;
  ttlMs?: number;
  now?: Date;
};

export type TSessionToken = { token: string; expiresAt: string };

/**
 * Opens a dashboard session; the returned token goes into an httpOnly cookie and nowhere else. The
 * user's oldest sessions beyond the newest MAX_SESSIONS_PER_USER are ended.
 */
export async function createSession({
  userId,
  userAgent,
  ttlMs = SESSION_TTL_MS,
  now = new Date(),
}: CreateSessionOptions): Promise<TSessionToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await dashboardSessionRepository.create({
    userId,
    tokenHash: sha256Hex(token),
    expiresAt,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  });
  await dashboardSessionRepository.deleteAllButNewest({ userId, keep: MAX_SESSIONS_PER_USER });

  return { token, expiresAt: expiresAt.toISOString() };
}
