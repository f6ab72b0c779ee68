import { MongoCommandError } from '../errors.js';

/** mongod's `maxBSONDepth` parameter: no BSON it receives may nest deeper. */
export const MAX_BSON_DEPTH = 200;
/**
 * Stored documents may nest 20 levels less, so that the server can still wrap them (in a reply, an
 * oplog entry) without crossing MAX_BSON_DEPTH.
 */
const MAX_STORAGE_DEPTH = MAX_BSON_DEPTH - 20;

const overflow = (msg: string) => new MongoCommandError(15, 'Overflow', msg);

/** Fixed value sizes per BSON type; -1 = length-prefixed string, -2 = document/array, -3 other. */
function valueSize(bytes: Uint8Array, view: DataView, type: number, at: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return 4 + view.getInt32(at, true);
    case 0x05: // binary: length, subtype, bytes
      return 5 + view.getInt32(at, true);
    case 0x06: // undefined
    case 0x0a: // null
    case 0x7f: // max key
    case 0xff: // min key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // bool
      return 1;
    case 0x0b: {
      // regex: two C strings
      const first = bytes.indexOf(0, at);
      return bytes.indexOf(0, first + 1) + 1 - at;
    }
    case 0x0c: // DBPointer: string + ObjectId
      return 4 + view.getInt32(at, true) + 12;
    case 0x0f: // code with scope: total length
      return view.getInt32(at, true);
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      return -1;
  }
}

/**
 * The nesting depth of a BSON document counted as mongod counts it for storage: the document itself
 * is level 1 and every non-empty embedded document or array one more (an empty one adds nothing).
 * Walks the bytes with an explicit stack, so hostile input cannot overflow the call stack. Stops
 * early, returning a value above `limit`, as soon as the limit is crossed; malformed BSON returns
 * what was seen so far (the decoder rejects it afterwards).
 */
/**
 * Each level of nesting costs at least 7 bytes (type, an empty name's NUL, length, terminator) on top
 * of the outer document's 5, so shorter BSON cannot be deeper than `limit`: no need to walk it (the
 * common case, every small command and document).
 */
const cannotExceed = (bytes: Uint8Array, limit: number) => bytes.length < 5 + 7 * limit;

function bsonDepth(bytes: Uint8Array, limit = Infinity): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 5) return 0;
  const ends: number[] = [view.getInt32(0, true) - 1];
  let pos = 4;
  let deepest = 1;
  while (ends.length > 0) {
    const end = ends[ends.length - 1] ?? 0;
    if (pos >= end || pos >= bytes.length) {
      ends.pop();
      pos = end + 1;
      continue;
    }
    const type = bytes[pos] ?? 0;
    const nameEnd = bytes.indexOf(0, pos + 1);
    if (nameEnd < 0) return deepest;
    const at = nameEnd + 1;
    if (at + 4 > bytes.length && type !== 0x06 && type !== 0x0a && type !== 0x7f && type !== 0xff)
      return deepest;
    if (type === 0x03 || type === 0x04) {
      const len = view.getInt32(at, true);
      if (len < 5) return deepest;
      if (len === 5) {
        pos = at + 5;
        continue;
      }
      ends.push(at + len - 1);
      if (ends.length > deepest) deepest = ends.length;
      if (deepest > limit) return deepest;
      pos = at + 4;
      continue;
    }
    const size = valueSize(bytes, view, type, at);
    if (size < 0) return deepest;
    pos = at + size;
  }
  return deepest;
}

/** Refuses a message whose BSON nests deeper than maxBSONDepth, before anything decodes it. */
export function checkMessageDepth(bytes: Uint8Array): void {
  if (!cannotExceed(bytes, MAX_BSON_DEPTH) && bsonDepth(bytes, MAX_BSON_DEPTH) > MAX_BSON_DEPTH)
    throw overflow('BSONObj exceeds maximum nested object depth');
}

/**
 * Refuses to store a document nested deeper than mongod allows (180 levels, code 15 Overflow),
 * worded as mongod words it for an insert and for the result of an update.
 */
export function checkStorageDepth(bytes: Uint8Array, purpose: 'insert' | 'update'): void {
  if (cannotExceed(bytes, MAX_STORAGE_DEPTH) || bsonDepth(bytes, MAX_STORAGE_DEPTH) <= MAX_STORAGE_DEPTH)
    return;
  throw overflow(
    purpose === 'insert'
      ? `cannot insert document because it exceeds ${String(MAX_STORAGE_DEPTH)} levels of nesting`
      : `Document exceeds maximum nesting depth of ${String(MAX_STORAGE_DEPTH)}`,
  );
}
