import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
} from 'bson';
import { badValue } from '../errors.js';
import { BSON_UNDEFINED } from '../bson/undefined-value.js';

/**
 * The `$type` query operator (https://www.mongodb.com/docs/manual/reference/operator/query/type/).
 *
 * Replaces mingo's, which (a) tests an array field only as a whole, while mongod matches when the
 * array itself or at least one of its elements has the type ("Arrays" in the page above), and
 * (b) knows no objectId, timestamp, binData, decimal, minKey/maxKey, so `{ $type: 'objectId' }`
 * matched nothing.
 *
 * Numbers: documents are decoded with BSON numbers promoted to JS numbers, so an int32, a double
 * holding an integral value and a small int64 all look alike. An integral JS number matches `int`
 * (within int32 range) or `long` (beyond it), and every JS number matches `double`, as before.
 */

type Doc = Record<string, unknown>;

const ALIASES: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};
const NUMBER = -1000; // the `number` alias: any numeric type
const CODES = new Set(Object.values(ALIASES));

function parseType(t: unknown): number {
  if (typeof t === 'string') {
    if (t === 'number') return NUMBER;
    const code = ALIASES[t];
    if (code === undefined) throw badValue(`Unknown type name alias: ${t}`);
    return code;
  }
  const n =
    typeof t === 'number'
      ? t
      : t instanceof Int32 || t instanceof Double
        ? t.value
        : t instanceof Long
          ? t.toNumber()
          : NaN;
  if (!Number.isInteger(n)) throw badValue(`type must be represented as a number or a string`);
  if (!CODES.has(n)) throw badValue(`Invalid numerical type code: ${String(n)}`);
  return n;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function hasType(v: unknown, code: number): boolean {
  if (code === NUMBER)
    return (
      typeof v === 'number' ||
      typeof v === 'bigint' ||
      (v instanceof Long && !(v instanceof Timestamp)) ||
      v instanceof Int32 ||
      v instanceof Double ||
      v instanceof Decimal128
    );
  switch (code) {
    case 1:
      return typeof v === 'number' || v instanceof Double;
    case 2:
      return typeof v === 'string';
    case 3:
      return (
        v !== null &&
        typeof v === 'object' &&
        (Object.getPrototypeOf(v) === Object.prototype || v instanceof DBRef)
      );
    case 4:
      return Array.isArray(v);
    case 5:
      return v instanceof Binary || v instanceof Uint8Array;
    case 7:
      return v instanceof ObjectId;
    case 8:
      return typeof v === 'boolean';
    case 9:
      return v instanceof Date;
    case 10:
      return v === null;
    case 11:
      return v instanceof RegExp || v instanceof BSONRegExp;
    case 13:
    case 15:
      return v instanceof Code;
    case 6:
      return v === BSON_UNDEFINED;
    case 14:
      return v instanceof BSONSymbol && v !== BSON_UNDEFINED;
    case 16:
      return (
        (typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX) ||
        v instanceof Int32
      );
    case 17:
      return v instanceof Timestamp;
    case 18:
      return (
        (typeof v === 'number' && Number.isInteger(v) && (v < INT32_MIN || v > INT32_MAX)) ||
        typeof v === 'bigint' ||
        (v instanceof Long && !(v instanceof Timestamp))
      );
    case 19:
      return v instanceof Decimal128;
    case -1:
      return v instanceof MinKey;
    case 127:
      return v instanceof MaxKey;
    default:
      return false;
  }
}

/** Every value a dotted path reaches, descending through arrays of subdocuments (missing: none). */
function valuesAt(obj: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (obj !== undefined) out.push(obj);
    return;
  }
  if (obj === null || typeof obj !== 'object') return;
  const part = parts[i] ?? '';
  if (Array.isArray(obj)) {
    if (/^\d+$/.test(part)) valuesAt(obj[Number(part)], parts, i + 1, out);
    for (const el of obj)
      if (el !== null && typeof el === 'object' && !Array.isArray(el)) valuesAt(el, parts, i, out);
    return;
  }
  valuesAt((obj as Doc)[part], parts, i + 1, out);
}

export function $type(selector: string, value: unknown, _options?: unknown): (obj: unknown) => boolean {
  const codes = (Array.isArray(value) ? value : [value]).map(parseType);
  const parts = selector.split('.');
  const matches = (v: unknown) => codes.some((c) => hasType(v, c));
  return (obj) => {
    const found: unknown[] = [];
    valuesAt(obj, parts, 0, found);
    return found.some((v) => matches(v) || (Array.isArray(v) && v.some(matches)));
  };
}
