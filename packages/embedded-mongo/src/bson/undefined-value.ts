import { BSONSymbol } from 'bson';
import { valueLength, view } from './aggregation-values.js';

/**
 * BSON `undefined` (type 6, deprecated) as the engine carries it through a decode and back.
 *
 * The bson library decodes it to JavaScript `undefined` and its encoder drops such fields (or turns
 * them into null), so every path that decodes a stored document and encodes it again (projection,
 * aggregation, an update, findAndModify) lost the field, where mongod keeps it. The engine
 * replaces each decoded `undefined` with this marker value, which the encoder writes as a symbol
 * holding a text no client sends; `restoreUndefined` then turns those symbols back into type 6.
 */
const MARKER_TEXT = '\u0000embedded-mongo:bson-undefined\u0000';

class BsonUndefined extends BSONSymbol {
  constructor() {
    super(MARKER_TEXT);
  }
}

/** The one value standing for BSON `undefined` in decoded documents. */
export const BSON_UNDEFINED: BSONSymbol = Object.freeze(new BsonUndefined());

export const isBsonUndefined = (v: unknown): boolean => v === BSON_UNDEFINED;

/** The encoded value of the marker: its int32 length, its UTF-8 bytes and the closing NUL. */
const MARKER_VALUE = (() => {
  const text = Buffer.from(MARKER_TEXT, 'utf8');
  const out = Buffer.alloc(4 + text.length + 1);
  out.writeInt32LE(text.length + 1, 0);
  text.copy(out, 4);
  return out;
})();

const SYMBOL = 0x0e;
const UNDEFINED = 0x06;

/**
 * Whether this process ever decoded a BSON undefined into the marker: until then no encoded bytes
 * can hold one, and restoreUndefined returns at once (every reply passes through it).
 */
let markerIssued = false;

/** Replaces every `undefined` value held by a decoded document (at any depth) with BSON_UNDEFINED. */
export function markUndefined<T>(doc: T): T {
  markerIssued = true;
  if (doc === null || typeof doc !== 'object') return doc;
  if (Array.isArray(doc)) {
    for (let i = 0; i < doc.length; i++) {
      const v: unknown = doc[i];
      if (v === undefined) doc[i] = BSON_UNDEFINED;
      else markUndefined(v);
    }
    return doc;
  }
  if (Object.getPrototypeOf(doc) !== Object.prototype) return doc;
  const record = doc as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (v === undefined) record[key] = BSON_UNDEFINED;
    else markUndefined(v);
  }
  return doc;
}

/**
 * Encoded BSON with every marker symbol written back as BSON `undefined`. The common case, bytes
 * holding no marker, is one search of the bytes (none before any marker was issued) and returns
 * them unchanged.
 */
export function restoreUndefined<B extends Uint8Array>(bytes: B): B | Buffer {
  if (!markerIssued) return bytes;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.indexOf(MARKER_VALUE) < 0) return bytes;
  return rewrite(buf, 0);
}

/** The document starting at `start`, copied with its marker symbols turned into type 6 elements. */
function rewrite(src: Buffer, start: number): Buffer {
  const end = start + src.readInt32LE(start) - 1;
  const parts: Buffer[] = [];
  let pos = start + 4;
  while (pos < end) {
    const type = src[pos] ?? 0;
    const at = src.indexOf(0, pos + 1) + 1;
    if (type === 0x03 || type === 0x04) {
      parts.push(src.subarray(pos, at), rewrite(src, at));
      pos = at + src.readInt32LE(at);
      continue;
    }
    const size = valueLength(type, src, view(src), at);
    if (
      type === SYMBOL &&
      size === MARKER_VALUE.length &&
      src.compare(MARKER_VALUE, 0, size, at, at + size) === 0
    ) {
      parts.push(Buffer.from([UNDEFINED]), src.subarray(pos + 1, at));
    } else parts.push(src.subarray(pos, at + size));
    pos = at + size;
  }
  const body = Buffer.concat(parts);
  const out = Buffer.alloc(4 + body.length + 1);
  out.writeInt32LE(out.length, 0);
  body.copy(out, 4);
  return out;
}
