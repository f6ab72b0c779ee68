import { verifySession } from '@formwell/core';

import type { ApiRequest } from '../context.js';
import { readSessionToken } from './session-cookie.js';

export type AuthenticateSessionRequestOptions = {
  req: ApiRequest;
  /** Decides the cookie name this install uses (`__Host-` on https). */
  publicUrl: string;
};

/** The dashboard session of a request (cookie) → its user; 401 `Not authenticated` otherwise. */
export async function authenticateSessionRequest({ req, publicUrl }: AuthenticateSessionRequestOptions) {
  return verifySession({ token: readSessionToken(req, publicUrl) });
}
