import { onDemand } from 'bson';

/** One element of a BSON document, found on its bytes: type byte, name start, value start and length. */
export type NamedElement = { type: number; nameAt: number; at: number; length: number };

/** The walk below met something it does not size itself: bson's parser decides (and throws). */
const UNSURE = Symbol('unsure');

/**
 * The element named `name` (its UTF-8 bytes) of the document starting at `docStart` in `raw`, the
 * name compared on the bytes without decoding it: undefined when the document lacks it, null when it
 * is stored twice (a decoder keeps only the last one, so code reading the bytes must not pick one).
 */
export function namedElement(
  raw: Uint8Array,
  docStart: number,
  name: Buffer,
): NamedElement | undefined | null {
  const found = walk(raw, docStart, name);
  if (found === UNSURE) return viaParser(raw, docStart, name);
  return found.twice ? null : found.first;
}

/**
 * The first element named `name` of the document starting at `docStart`, and whether another one
 * follows; undefined when the walk has to leave the document to bson's parser (see walk).
 */
export function firstNamedElement(
  raw: Uint8Array,
  docStart: number,
  name: Buffer,
): { first: NamedElement | undefined; twice: boolean } | undefined {
  const found = walk(raw, docStart, name);
  return found === UNSURE ? undefined : found;
}

const int32At = (raw: Uint8Array, at: number): number =>
  (raw[at] ?? 0) | ((raw[at + 1] ?? 0) << 8) | ((raw[at + 2] ?? 0) << 16) | ((raw[at + 3] ?? 0) << 24) | 0;

/**
 * The value length of an element of `type` whose value starts at `at`, sized as bson's
 * `parseToElements` sizes it; -1 for what it would have to judge (an unknown type, a bad size).
 */
function valueLength(raw: Uint8Array, type: number, at: number): number {
  switch (type) {
    case 1: // double
    case 9: // date
    case 17: // timestamp
    case 18: // int64
      return 8;
    case 16: // int32
      return 4;
    case 7: // ObjectId
      return 12;
    case 19: // decimal128
      return 16;
    case 8: // bool
      return 1;
    case 6: // undefined
    case 10: // null
    case 127: // maxKey
    case 255: // minKey
      return 0;
    case 3: // document
    case 4: // array
    case 15: // code with scope
      return int32At(raw, at);
    case 2: // string
    case 13: // code
    case 14: // symbol
      return sized(int32At(raw, at), 4);
    case 5: // binary
      return sized(int32At(raw, at), 5);
    case 12: // DBPointer
      return sized(int32At(raw, at), 16);
    case 11: {
      // regex: pattern and options, two C strings
      let end = at;
      while (end < raw.length && raw[end] !== 0) end++;
      end++;
      while (end < raw.length && raw[end] !== 0) end++;
      return end < raw.length ? end + 1 - at : -1;
    }
    default:
      return -1;
  }
}

/** A length prefix plus the bytes around it; -1 for a negative prefix (the parser refuses it). */
const sized = (prefix: number, extra: number): number => (prefix < 0 ? -1 : prefix + extra);

/**
 * namedElement without bson's parser: it built an array per element and compared each name
 * through a native call, which was most of an in-place counter update's cost on a document of
 * 96 counters. Valid documents are walked here (regular expressions sized by their two
 * strings); anything this walk would have to judge (a bad size, an unknown type) goes to the
 * parser, which answers or throws as before.
 */
function walk(
  raw: Uint8Array,
  docStart: number,
  name: Buffer,
): { first: NamedElement | undefined; twice: boolean } | typeof UNSURE {
  if (docStart < 0 || docStart + 5 > raw.length) return UNSURE;
  const size = int32At(raw, docStart);
  const end = docStart + size;
  if (size < 5 || end > raw.length || raw[end - 1] !== 0) return UNSURE;
  const n = name.length;
  let first: NamedElement | undefined;
  // Known only once the whole document walked cleanly: the parser refuses a damaged one first.
  let twice = false;
  let offset = docStart + 4;
  for (;;) {
    if (offset >= end) return UNSURE;
    const type = raw[offset++] ?? 0;
    if (type === 0) return offset !== end ? UNSURE : { first, twice };
    const nameAt = offset;
    let zero = offset;
    while (zero < end && raw[zero] !== 0) zero++;
    if (zero >= end - 1) return UNSURE;
    const at = zero + 1;
    const length = valueLength(raw, type, at);
    if (length < 0 || at + length > end - 1) return UNSURE;
    if (zero - nameAt === n) {
      let same = true;
      for (let i = 0; i < n; i++) {
        if (raw[nameAt + i] !== name[i]) {
          same = false;
          break;
        }
      }
      if (same) {
        if (first) twice = true;
        else first = { type, nameAt, at, length };
      }
    }
    offset = at + length;
  }
}

/** namedElement through bson's parser (what the walk defers to; compared with it in the tests). */
export function viaParser(raw: Uint8Array, docStart: number, name: Buffer): NamedElement | undefined | null {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let found: NamedElement | undefined;
  for (const [type, nameAt, nameLength, at, length] of onDemand.parseToElements(bytes, docStart)) {
    if (nameLength !== name.length || name.compare(bytes, nameAt, nameAt + nameLength) !== 0) continue;
    if (found) return null;
    found = { type, nameAt, at, length };
  }
  return found;
}
