import { onDemand, serialize } from 'bson';

/**
 * The BSON of a document with its `_id` element moved to the front, spliced byte for byte: every
 * value keeps its exact encoding and type, with no decode and re-encode. With `newId`, that value
 * becomes the `_id` instead (an `_id` element already there, e.g. BSON undefined, is dropped).
 * mongod stores `_id` first whatever the client sent, and the official driver appends the `_id`
 * it generates after the caller's fields, so this runs for most driver inserts.
 */
export function withIdFirst(raw: Uint8Array, newId?: unknown): Buffer {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let found: { start: number; end: number } | undefined;
  for (const [, nameOffset, nameLength, offset, length] of onDemand.parseToElements(bytes)) {
    if (nameLength === 3 && bytes.toString('latin1', nameOffset, nameOffset + 3) === '_id') {
      found = { start: nameOffset - 1, end: offset + length }; // from the element's type byte
      break;
    }
  }
  let idElement: Buffer;
  if (newId !== undefined || !found) {
    // Encode `{ _id: newId }` once and take its only element.
    const wrapped = Buffer.from(serialize({ _id: newId }));
    idElement = wrapped.subarray(4, wrapped.length - 1);
  } else idElement = bytes.subarray(found.start, found.end);
  const removed = found ? found.end - found.start : 0;
  const out = Buffer.allocUnsafe(bytes.length - removed + idElement.length);
  out.writeInt32LE(out.length, 0);
  let p = 4 + idElement.copy(out, 4);
  if (!found) bytes.copy(out, p, 4);
  else {
    p += bytes.copy(out, p, 4, found.start);
    bytes.copy(out, p, found.end);
  }
  return out;
}

/**
 * Whether a client's BSON names `_id` more than once at its top level. Decoding keeps only one of
 * them, so such a document would be indexed under one `_id` and read back by other drivers (which
 * take the first) as another; mongod refuses it on insert.
 */
export function hasSeveralIds(raw: Uint8Array): boolean {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let seen = false;
  for (const [, nameOffset, nameLength] of onDemand.parseToElements(bytes)) {
    if (nameLength === 3 && bytes.toString('latin1', nameOffset, nameOffset + 3) === '_id') {
      if (seen) return true;
      seen = true;
    }
  }
  return false;
}
