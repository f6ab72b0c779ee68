import {
  Binary,
  Decimal128,
  Long,
  ObjectId,
  Timestamp,
  MinKey,
  MaxKey,
  BSONRegExp,
  Double,
  Int32,
} from 'bson';
import { compareNumbers } from './exact-number.js';
import { BSON_UNDEFINED } from './undefined-value.js';

/**
 * How an empty array is sorted and indexed: as BSON `undefined`, which sorts after MinKey and
 * before null (https://www.mongodb.com/docs/manual/reference/method/cursor.sort/#sort-by-an-array-field:
 * "an empty array sorts before null or a missing field").
 */
export const EMPTY_ARRAY_KEY: unique symbol = Symbol('empty array');

/**
 * MongoDB's cross-type sort order (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/):
 * MinKey < null/missing < numbers < strings < objects < arrays < binData < ObjectId < bool < Date < Timestamp < RegExp < MaxKey.
 */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (v === EMPTY_ARRAY_KEY) return 0.5;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    case 'object':
      break;
    default:
      return 3;
  }
  if (v instanceof Date) return 9;
  if (Array.isArray(v)) return 5;
  // Sorted and indexed as null, as the usual decode (and so an insert's index keys) reads it.
  if (v === BSON_UNDEFINED) return 1;
  if (v instanceof ObjectId) return 7;
  // Before Long: bson's Timestamp extends Long, and a timestamp sorts after dates, not as a number.
  if (v instanceof Timestamp) return 10;
  if (v instanceof Long || v instanceof Decimal128 || v instanceof Double || v instanceof Int32) return 2;
  if (v instanceof Binary || v instanceof Uint8Array) return 6;
  if (v instanceof RegExp || v instanceof BSONRegExp) return 11;
  if (v instanceof MinKey) return 0;
  if (v instanceof MaxKey) return 12;
  return 4;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return Buffer.compare(a, b);
}

/**
 * A UTF-16 code unit's place in code point order: surrogates (the halves of characters above
 * U+FFFF) move above U+E000..U+FFFF, which move down into the surrogates' range. Strings compared
 * unit by unit in these places compare as their code points do, which is the order of their UTF-8
 * bytes: mongod's. JavaScript's `<` puts U+10000 and above before U+E000..U+FFFF.
 */
export const codePointPlace = (unit: number): number =>
  unit < 0xd800 ? unit : unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;

/** Strings in mongod's order (their UTF-8 bytes, i.e. code point order). */
function compareStrings(x: string, y: string): number {
  if (x === y) return 0;
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const a = x.charCodeAt(i);
    const b = y.charCodeAt(i);
    if (a !== b) return codePointPlace(a) < codePointPlace(b) ? -1 : 1;
  }
  return x.length < y.length ? -1 : 1;
}

/** Total order over BSON values as mongod sorts and indexes them. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
    case 0:
    case 12:
      return 0;
    case 2:
      return compareNumbers(a, b);
    case 3:
      return compareStrings(String(a), String(b));
    case 4:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case 5:
      return compareArrays(a as unknown[], b as unknown[]);
    case 6: {
      const x = a instanceof Binary ? a.buffer : (a as Uint8Array);
      const y = b instanceof Binary ? b.buffer : (b as Uint8Array);
      return compareBytes(x, y);
    }
    case 7:
      return Buffer.compare((a as ObjectId).id, (b as ObjectId).id);
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 9: {
      const x = (a as Date).getTime();
      const y = (b as Date).getTime();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 10:
      return (a as Timestamp).compare(b as Timestamp);
    default: {
      const x = String(a);
      const y = String(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const fa = ka[i] ?? '';
    const fb = kb[i] ?? '';
    const t = typeRank(a[fa]) - typeRank(b[fb]);
    if (t !== 0) return t < 0 ? -1 : 1;
    if (fa !== fb) return compareStrings(fa, fb);
    const c = compareValues(a[fa], b[fb]);
    if (c !== 0) return c;
  }
  return ka.length === kb.length ? 0 : ka.length < kb.length ? -1 : 1;
}

/** Equality in the BSON sense (1 == 1.0 == Long(1)). */
export const valuesEqual = (a: unknown, b: unknown): boolean => compareValues(a, b) === 0;
