import { verifySession } from '@formwell/core';

import type { ApiRequest } from '../context.js';
import { readSessionToken } from './session-cookie.js';

/** The dashboard session of a request (cookie) → its user; 401 `Not authenticated` otherwise. */
export async function authenticateSessionRequest({ req }: { req: ApiRequest }) {
  return verifySession({ token: readSessionToken(req) });
}
