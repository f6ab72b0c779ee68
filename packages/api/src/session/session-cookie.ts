import type { ApiRequest, ApiResponse } from '../context.js';

/** The dashboard's session cookie (decisions §1): httpOnly, SameSite=Lax, the whole site. */
export const SESSION_COOKIE_NAME = 'formwell_session';

/** Reads the session token from the Cookie header; null when absent or empty. */
export function readSessionToken(req: ApiRequest): string | null {
  const header = req.headers.cookie;
  if (!header) {
    return null;
  }
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === SESSION_COOKIE_NAME) {
      const value = part.slice(separator + 1).trim();

      return value.length > 0 ? safeDecode(value) : null;
    }
  }

  return null;
}

export type SetSessionCookieOptions = {
  res: ApiResponse;
  token: string;
  expiresAt: string;
  publicUrl: string;
};

export function setSessionCookie({ res, token, expiresAt, publicUrl }: SetSessionCookieOptions): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  res.header('Set-Cookie', serialize(encodeURIComponent(token), `Max-Age=${maxAge}`, publicUrl));
}

export function clearSessionCookie({ res, publicUrl }: { res: ApiResponse; publicUrl: string }): void {
  res.header('Set-Cookie', serialize('', 'Max-Age=0', publicUrl));
}

function serialize(value: string, lifetime: string, publicUrl: string): string {
  // Secure only when the public URL is https: a plain-http self-hosted install must still log in.
  const secure = publicUrl.startsWith('https://');

  return [
    `${SESSION_COOKIE_NAME}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    lifetime,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
