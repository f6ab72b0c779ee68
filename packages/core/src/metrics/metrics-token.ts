import { timingSafeEqual } from 'node:crypto';

import { sha256Hex } from '../crypto/sha256-hex.js';

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Both sides are hashed first so the
 * comparison is constant-time whatever the lengths, and a wrong token's length leaks nothing.
 */
export function metricsTokenMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';

  return timingSafeEqual(Buffer.from(sha256Hex(given), 'hex'), Buffer.from(sha256Hex(token), 'hex'));
}
