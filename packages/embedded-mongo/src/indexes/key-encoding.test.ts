import { describe, expect, test } from 'vitest';
import { Binary, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { compareValues } from '../bson/compare.js';
import { encodeRid, encodeValue, invert } from './key-encoding.js';

// https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/
const VALUES: unknown[] = [
  new MinKey(),
  null,
  -Infinity,
  -1e300,
  -5.5,
  -1,
  -0,
  0,
  1,
  Long.fromNumber(2),
  2.5,
  new Decimal128('3'),
  1e300,
  Infinity,
  '',
  '\0',
  'a',
  'a\0b',
  'ab',
  'b',
  'é',
  { a: 1 },
  { a: 2 },
  { a: 1, b: 1 },
  { b: 0 },
  [],
  [1],
  [1, 2],
  [2],
  new Binary(Buffer.from([1])),
  new Binary(Buffer.from([1, 2])),
  new ObjectId('000000000000000000000001'),
  new ObjectId('ffffffffffffffffffffffff'),
  false,
  true,
  new Date(-1000),
  new Date(0),
  new Date(1e12),
  new Timestamp({ t: 1, i: 2 }),
  new Timestamp({ t: 2, i: 1 }),
  /a/,
  /b/i,
  new MaxKey(),
];

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
const strCmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('order-preserving index key encoding', () => {
  test('string order of encodings equals BSON comparison order for every pair', () => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        expect([a, b, strCmp(encodeValue(a), encodeValue(b))]).toEqual([a, b, sign(compareValues(a, b))]);
      }
    }
  });

  test('inverted encodings sort in reverse, including prefixes', () => {
    const sorted = ['a', 'ab', 'abc', 'b'].map(encodeValue);
    const inv = sorted.map(invert);
    expect([...inv].sort()).toEqual([...inv].reverse());
  });

  test('-0 and 0, 1 and Long(1) encode identically', () => {
    expect(encodeValue(-0)).toBe(encodeValue(0));
    expect(encodeValue(1)).toBe(encodeValue(Long.fromNumber(1)));
  });

  test('record ids sort numerically and stay below the AFTER sentinel', () => {
    const rids = [0, 1, 127, 128, 99_999, 2 ** 40];
    const enc = rids.map(encodeRid);
    expect([...enc].sort()).toEqual(enc);
    for (const e of enc) expect(e < '\uffff').toBe(true);
  });
});
