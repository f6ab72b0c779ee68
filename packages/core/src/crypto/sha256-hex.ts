import { createHash } from 'node:crypto';

/** SHA-256 hex digest of a UTF-8 string (API keys, session tokens: only the hash is stored). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
