import { dashboardSessionRepository } from '@formwell/db';
import { z } from 'zod';

export const ZOwnSessionSchema = z.object({
  id: z.string(),
  /** The browser that signed in, as it named itself (User-Agent); null when it sent none. */
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The session this very request came with. */
  current: z.boolean(),
});

export type TOwnSession = z.infer<typeof ZOwnSessionSchema>;

/** The signed-in user's unexpired dashboard sessions, newest first. */
export async function listOwnSessions({
  userId,
  currentSessionId,
  now = new Date(),
}: {
  userId: string;
  currentSessionId: string;
  now?: Date;
}): Promise<TOwnSession[]> {
  const sessions = await dashboardSessionRepository.listActive({ userId, now });

  return sessions.map((session) => ({
    id: session.id,
    userAgent: session.userAgent,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    current: session.id === currentSessionId,
  }));
}

/** "Sign out everywhere else": ends every session of the user but the current one. */
export async function endOtherSessions({
  userId,
  currentSessionId,
}: {
  userId: string;
  currentSessionId: string;
}): Promise<{ ended: number }> {
  return { ended: await dashboardSessionRepository.deleteAllExcept({ userId, keepId: currentSessionId }) };
}
