import { userRepository } from '@formwell/db';

import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { loadUserViews, type TUserView } from './user-view.js';

/** Staff listing of all users, newest first; the caller checks the ADMIN role. */
export async function listUsers(
  request: TPageRequest = {},
): Promise<{ users: TUserView[]; nextCursor: string | null }> {
  const { limit, after } = resolvePageRequest(request);
  const page = await userRepository.list({ limit, after });

  return { users: await loadUserViews(page.items), nextCursor: nextCursor(page) };
}
