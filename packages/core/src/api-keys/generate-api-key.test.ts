import { createHash } from 'node:crypto';

import { describe, expect, test } from 'vitest';

import { generateApiKey } from './generate-api-key.js';
import { requireScope } from './require-scope.js';

describe('generateApiKey', () => {
  test('is mk_live_ followed by 32 base62 characters', () => {
    const { key } = generateApiKey();

    expect(key).toMatch(/^mk_live_[0-9A-Za-z]{32}$/);
  });

  test('stores the SHA-256 hex of the whole key, the first 12 characters and the last 4', () => {
    const { key, keyHash, prefix, last4 } = generateApiKey();

    expect(keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(prefix).toBe(key.slice(0, 12));
    expect(prefix.startsWith('mk_live_')).toBe(true);
    expect(last4).toBe(key.slice(-4));
  });

  test('keys do not repeat and use the whole alphabet', () => {
    const keys = Array.from({ length: 500 }, () => generateApiKey().key);
    const chars = new Set(keys.flatMap((key) => [...key.slice(8)]));

    expect(new Set(keys).size).toBe(500);
    expect(chars.size).toBe(62);
  });
});

describe('requireScope', () => {
  test('passes with the scope and answers 403 with the exact text without it', () => {
    expect(() => requireScope({ scopes: ['forms:read'], scope: 'forms:read' })).not.toThrow();
    expect(() => requireScope({ scopes: ['forms:read'], scope: 'submissions:write' })).toThrow(
      'Insufficient scope: submissions:write',
    );
  });
});
