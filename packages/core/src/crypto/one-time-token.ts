import { randomBytes } from 'node:crypto';

import { sha256Hex } from './sha256-hex.js';

/**
 * A token for an emailed one-time link (invitation, verification, reset): 256 random bits, and
 * the hash that is stored in its place.
 */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');

  return { token, tokenHash: sha256Hex(token) };
}
