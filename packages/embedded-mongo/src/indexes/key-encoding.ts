import type { BSONRegExp, ObjectId, Timestamp } from 'bson';
import { Binary } from 'bson';
import { codePointPlace, typeRank } from '../bson/compare.js';
import { approximate, remainderSuffix } from '../bson/exact-number.js';

/**
 * Index keys are strings whose plain string order is MongoDB's BSON order
 * (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/): a type tag per value,
 * then an order-preserving body. String keys make the B+tree compare natively and cost a few dozen
 * bytes per entry instead of an array of boxed values.
 */
const F64 = new Float64Array(1);
const U8 = new Uint8Array(F64.buffer);

export const tagOf = (rank: number) => String.fromCharCode((rank + 1) * 4);
/** Sorts after every continuation of a key prefix (used for inclusive upper bounds). */
export const AFTER = '\uffff\uffff';

function numberBody(n: number): string {
  F64[0] = n === 0 ? 0 : n; // -0 equals 0
  // Big-endian IEEE 754 with the sign flipped (or every bit flipped for negatives) sorts numerically.
  const neg = (U8[7] ?? 0) & 0x80;
  let s = '';
  for (let i = 7; i >= 0; i--) {
    const b = U8[i] ?? 0;
    s += String.fromCharCode(neg ? 0xff - b : i === 7 ? b ^ 0x80 : b);
  }
  return Number.isNaN(n) ? '\0\0\0\0\0\0\0\0' : s;
}

/** Code units from U+D800 up, which JavaScript orders differently from mongod (see codePointPlace). */
const HAS_OUT_OF_PLACE = /[\uD800-\uFFFF]/;
const OUT_OF_PLACE = /[\uD800-\uFFFF]/g;

function escapeString(s: string): string {
  // Units moved to their code point places, so that the keys' plain string order is mongod's.
  const placed = HAS_OUT_OF_PLACE.test(s)
    ? s.replace(OUT_OF_PLACE, (unit) => String.fromCharCode(codePointPlace(unit.charCodeAt(0))))
    : s;
  // NUL is escaped so that the NUL NUL terminator sorts before any continuation.
  return (placed.includes('\0') ? placed.replace(/\0/g, '\0\x01') : placed) + '\0\0';
}

function bytesBody(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += String.fromCharCode(x);
  return s;
}

/**
 * An ObjectId's key built as one flat string: `tag + body` of 13 characters would be a V8 cons
 * string, which every comparison in the B+tree walks through (and the lookup key is flattened on
 * its first comparison). `_id` lookups and the id fields of compound keys are the hottest keys.
 */
function objectIdKey(tag: number, b: Uint8Array): string {
  ID_KEY_CODES[0] = tag;
  for (let i = 0; i < 12; i++) ID_KEY_CODES[i + 1] = b[i] ?? 0;
  return String.fromCharCode(...ID_KEY_CODES);
}

/** The tag and 12 bytes of the ObjectId key being built (reused: keys are built one at a time). */
const ID_KEY_CODES: number[] = new Array<number>(13).fill(0);

/** Order-preserving encoding of one value (ascending). */
export function encodeValue(v: unknown): string {
  const rank = typeRank(v);
  const tag = tagOf(rank);
  switch (rank) {
    case 2: {
      const approx = approximate(v);
      return tag + numberBody(approx) + remainderSuffix(v, approx);
    }
    case 3:
      return tag + escapeString(typeof v === 'string' ? v : String((v as { valueOf(): unknown }).valueOf()));
    case 4: {
      let s = tag;
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const body = encodeValue(x);
        // Field type first, then name, then value, as BSON object comparison goes.
        s += body[0] + escapeString(k) + body.slice(1);
      }
      return s + '\0';
    }
    case 5:
      return tag + (v as unknown[]).map(encodeValue).join('') + '\0';
    case 6: {
      const bin = v instanceof Binary ? v : new Binary(v as Uint8Array);
      const len = bin.length();
      return (
        tag +
        String.fromCharCode(
          (len >>> 24) & 0xff,
          (len >>> 16) & 0xff,
          (len >>> 8) & 0xff,
          len & 0xff,
          bin.sub_type,
        ) +
        bytesBody(bin.value())
      );
    }
    case 7:
      return objectIdKey(tag.charCodeAt(0), (v as ObjectId).id);
    case 8:
      return tag + (v ? '\x01' : '\0');
    case 9:
      return tag + numberBody((v as Date).getTime());
    case 10: {
      const ts = v as Timestamp;
      return tag + numberBody(ts.high) + numberBody(ts.low);
    }
    case 11: {
      const re =
        v instanceof RegExp
          ? { source: v.source, flags: v.flags }
          : { source: (v as BSONRegExp).pattern, flags: (v as BSONRegExp).options };
      return tag + escapeString(re.source) + escapeString(re.flags);
    }
    default:
      return tag; // MinKey, null/missing, MaxKey
  }
}

/** Descending fields store every code unit complemented, reversing the order. */
export function invert(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(0xffff - s.charCodeAt(i));
  return out;
}

export function encodeField(v: unknown, direction: number): string {
  const e = encodeValue(v);
  return direction < 0 ? invert(e) : e;
}

/** 7 bits per char keeps the record-id suffix one-byte and below the AFTER sentinel. */
export function encodeRid(rid: number): string {
  let s = '';
  for (let i = 6; i >= 0; i--) s += String.fromCharCode(Math.floor(rid / 2 ** (7 * i)) & 0x7f);
  return s;
}
