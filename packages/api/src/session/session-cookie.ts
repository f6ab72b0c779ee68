import { parseCookie, stringifySetCookie } from 'cookie';

import type { ApiRequest, ApiResponse } from '../context.js';

/** The name on plain-http installs (local, tests); https installs add `__Host-` (sessionCookieName). */
export const SESSION_COOKIE_NAME = 'formwell_session';
const PLAIN_NAME = SESSION_COOKIE_NAME;
/**
 * Browsers keep a `__Host-` cookie only if it is Secure, for Path=/ and without Domain, so no
 * sibling subdomain and no plain-http page can plant or overwrite it.
 */
const HOST_ONLY_NAME = `__Host-${PLAIN_NAME}`;

const isHttps = (publicUrl: string) => publicUrl.startsWith('https://');

/**
 * The dashboard's session cookie name. An https install uses the `__Host-` name; a plain-http
 * install (a laptop, a LAN) cannot, because browsers refuse `__Host-` cookies that are not Secure
 * and refuse Secure cookies over http: there it is the plain name.
 */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? HOST_ONLY_NAME : PLAIN_NAME;
}

/**
 * Reads the session token from the Cookie header; null when absent or empty. Only the name this
 * install sets counts: on https a plain-named cookie, which a sibling subdomain could have planted,
 * is ignored.
 */
export function readSessionToken(req: ApiRequest, publicUrl: string): string | null {
  const header = req.headers.cookie;
  if (!header) {
    return null;
  }
  const cookies = parseCookie(header);
  const value = cookies[sessionCookieName(publicUrl)];

  return value ? value : null;
}

export type SetSessionCookieOptions = {
  res: ApiResponse;
  token: string;
  expiresAt: string;
  publicUrl: string;
};

export function setSessionCookie({ res, token, expiresAt, publicUrl }: SetSessionCookieOptions): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  res.header('Set-Cookie', serialize(token, maxAge, publicUrl));
}

export function clearSessionCookie({ res, publicUrl }: { res: ApiResponse; publicUrl: string }): void {
  res.header('Set-Cookie', serialize('', 0, publicUrl));
}

/** httpOnly, SameSite=Lax, the whole site; Secure whenever the public URL is https. */
function serialize(value: string, maxAge: number, publicUrl: string): string {
  return stringifySetCookie({
    name: sessionCookieName(publicUrl),
    value,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge,
    secure: isHttps(publicUrl),
  });
}
