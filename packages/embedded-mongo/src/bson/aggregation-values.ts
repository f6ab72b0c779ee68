import { Double, Int32 } from 'bson';

/**
 * Values as aggregation reads them. Plain JS numbers cannot tell an int32 `2` from a double `2.0`
 * or an int64 `2`, and mongod types every result by its inputs (`{$add: ["$d", 1]}` of a stored
 * 2.0 is the double 3.0). So, from a decode that kept every type: int64 values stay `Long`s,
 * doubles with a whole value stay `Double`s, and other int32s and doubles become JS numbers
 * (a JS number with a fraction can only be a double, and a whole one is then an int32), which
 * is what mingo's own operators read.
 */
export function aggregationValues(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Int32) return v.value;
  if (v instanceof Double) return Number.isInteger(v.value) ? v : v.value;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = aggregationValues(v[i]);
    return v;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  const doc = v as Record<string, unknown>;
  for (const key of Object.keys(doc)) doc[key] = aggregationValues(doc[key]);
  return doc;
}

export const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Byte length of the value of a BSON element of `type` starting at `pos` (documents: 4, to enter). */
export function valueLength(type: number, bytes: Uint8Array, data: DataView, pos: number): number {
  switch (type) {
    case 0x01:
    case 0x09:
    case 0x11:
    case 0x12:
      return 8;
    case 0x02:
    case 0x0d:
    case 0x0e:
      return 4 + data.getInt32(pos, true);
    case 0x03:
    case 0x04:
      return 4; // step inside: its elements follow, and a 0 type byte ends it
    case 0x05:
      return 5 + data.getInt32(pos, true);
    case 0x07:
      return 12;
    case 0x08:
      return 1;
    case 0x0b: {
      const end = bytes.indexOf(0, bytes.indexOf(0, pos) + 1);
      return end + 1 - pos;
    }
    case 0x0c:
      return 4 + data.getInt32(pos, true) + 12;
    case 0x0f:
      return data.getInt32(pos, true);
    case 0x10:
      return 4;
    case 0x13:
      return 16;
    default:
      return 0; // undefined, null, MinKey, MaxKey
  }
}

/** What a stored document holds that its usual decode loses (see storedKinds). */
export const TYPED_NUMBERS = 1;
export const UNDEFINED_VALUES = 2;

/**
 * Whether a stored document holds an int64 or a double with a whole value anywhere (TYPED_NUMBERS:
 * only then does its usual decode, JS numbers, lose a type that aggregation needs, see
 * aggregationValues), and whether it holds BSON `undefined` (UNDEFINED_VALUES: see
 * undefined-value.ts). Walks the BSON elements without decoding them, stopping once both are seen.
 */
export function storedKinds(bytes: Uint8Array): number {
  const data = view(bytes);
  let kinds = 0;
  let pos = 4;
  while (pos < bytes.length) {
    const type = bytes[pos++] ?? 0;
    if (type === 0) continue; // the end of a document or array
    pos = bytes.indexOf(0, pos) + 1; // the field name
    if (type === 0x12 || (type === 0x01 && Number.isInteger(data.getFloat64(pos, true))))
      kinds |= TYPED_NUMBERS;
    else if (type === 0x06) kinds |= UNDEFINED_VALUES;
    if (kinds === (TYPED_NUMBERS | UNDEFINED_VALUES)) return kinds;
    pos += valueLength(type, bytes, data, pos);
  }
  return kinds;
}
