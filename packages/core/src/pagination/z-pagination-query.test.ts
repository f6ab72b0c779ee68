import { describe, expect, test } from 'vitest';

import { ZPageLimitQuerySchema, ZPaginationQuerySchema } from './z-pagination-query.js';

const TEXT = 'limit must be an integer between 1 and 100';

function messages(value: unknown): string[] {
  const result = ZPageLimitQuerySchema.safeParse(value);

  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

describe('ZPageLimitQuerySchema', () => {
  test('decimal digits 1..100 and integers are accepted; absent is the default 50', () => {
    expect(
      ['1', '5', '05', '100', 1, 100, undefined].map((value) => ZPageLimitQuerySchema.parse(value)),
    ).toEqual([1, 5, 5, 100, 1, 100, 50]);
    expect(ZPaginationQuerySchema.parse({})).toEqual({ limit: 50 });
  });

  test('anything not written in decimal digits is refused, with the limit text', () => {
    const values = [
      '1e1',
      '0x10',
      '0b1',
      '0o7',
      ' 5',
      '5 ',
      '+5',
      '-1',
      '5.0',
      '1.5',
      '',
      '\u0000',
      'Infinity',
      '５',
    ];

    expect(values.map((value) => [value, messages(value)])).toEqual(values.map((value) => [value, [TEXT]]));
  });

  test('out of range, fractional, non-string and repeated values are refused', () => {
    const values: unknown[] = ['0', '101', '99999999999999999999', 0, 101, 1.5, null, true, ['1', '2'], {}];

    expect(values.map((value) => [value, messages(value)])).toEqual(values.map((value) => [value, [TEXT]]));
  });
});
