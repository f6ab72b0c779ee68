import { describe, expect, test } from 'vitest';

import { statsKey } from './form-stats.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';

describe('repository key helpers', () => {
  test('statsKey keeps map keys from turning into nested field paths', () => {
    expect(statsKey('St. Lucia')).toBe('St\uFF0E Lucia');
    expect(statsKey('$where')).toBe('\uFF04where');
    expect(statsKey('  ')).toBe('Unknown');
    expect(statsKey('Chrome')).toBe('Chrome');
  });

  test('toObjectId accepts only 24-hex ids, so bad input is "not found" rather than a CastError', () => {
    expect(toObjectId('6740a1b2c3d4e5f6a7b8c9d0')?.toString()).toBe('6740a1b2c3d4e5f6a7b8c9d0');
    expect(toObjectId('not-an-id')).toBeNull();
    expect(toObjectId('6740a1b2c3d4e5f6a7b8c9d')).toBeNull();
    expect(toObjectId('{"$gt":""}')).toBeNull();
    // Parsed JSON or query strings can carry objects and arrays where a string id is expected.
    expect(toObjectId({ $gt: '' })).toBeNull();
    expect(toObjectId(['6740a1b2c3d4e5f6a7b8c9d0'])).toBeNull();
  });

  test('isDuplicateKeyError recognises E11000 only', () => {
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true);
    expect(isDuplicateKeyError({ code: 11001 })).toBe(false);
    expect(isDuplicateKeyError(new Error('x'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});
