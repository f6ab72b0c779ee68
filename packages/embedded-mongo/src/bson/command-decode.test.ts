import { BSONRegExp, serialize } from 'bson';
import { describe, expect, test } from 'vitest';
import { decodeCommandDoc, mayHoldRegex } from './command-decode.js';

describe('decoding a received command', () => {
  test('regexes get their JavaScript form, at any depth; bytes without a regex skip the walk', () => {
    const withRegex = Buffer.from(
      serialize({ find: 'c', filter: { a: { $in: [new BSONRegExp('^x', 'i')] } } }),
    );
    expect(mayHoldRegex(withRegex)).toBe(true);
    const decoded = decodeCommandDoc(withRegex) as { filter: { a: { $in: unknown[] } } };
    expect(decoded.filter.a.$in[0]).toEqual(/^x/i);
    const plain = Buffer.from(serialize({ find: 'c', filter: { a: 1, s: 'text' } }));
    expect(mayHoldRegex(plain)).toBe(false);
    expect(decodeCommandDoc(plain)).toEqual({ find: 'c', filter: { a: 1, s: 'text' } });
  });
});
