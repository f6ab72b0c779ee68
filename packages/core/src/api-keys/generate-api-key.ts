import { randomBytes } from 'node:crypto';

import { sha256Hex } from '../crypto/sha256-hex.js';

export const API_KEY_PREFIX = 'mk_live_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
// 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 248;

export type TGeneratedApiKey = { key: string; keyHash: string; prefix: string; last4: string };

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT && out.length < length) {
        out += BASE62[byte % 62];
      }
    }
  }

  return out;
}

/** `mk_live_` + 32 base62 characters from the CSPRNG, with what we store instead of it. */
export function generateApiKey(): TGeneratedApiKey {
  const key = `${API_KEY_PREFIX}${randomBase62(RANDOM_LENGTH)}`;

  return { key, keyHash: sha256Hex(key), prefix: key.slice(0, 12), last4: key.slice(-4) };
}
