import { deserialize, onDemand, serialize } from 'bson';
import { firstNamedElement } from '../bson/named-element.js';

const ID_NAME = Buffer.from('_id');

/** Where a document's `_id` element sits, from its type byte to its value's end. */
type TElementSpan = { start: number; end: number };

/**
 * The top-level `_id` elements of a client's BSON, in one walk of its elements (no decode): the
 * first one, and whether another follows. Decoding keeps only one of several, so such a document
 * would be indexed under one `_id` while other drivers (which take the first) read another; mongod
 * refuses it on insert.
 */
export function idElementsOf(raw: Uint8Array): { first: TElementSpan | undefined; several: boolean } {
  // Walked without bson's parser when the document is sound (every insert and in-place update).
  const walked = firstNamedElement(raw, 0, ID_NAME);
  if (walked) {
    const { first, twice } = walked;
    return { first: first && { start: first.nameAt - 1, end: first.at + first.length }, several: twice };
  }
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let first: TElementSpan | undefined;
  for (const [, nameOffset, nameLength, offset, length] of onDemand.parseToElements(bytes)) {
    if (nameLength === 3 && bytes.toString('latin1', nameOffset, nameOffset + 3) === '_id') {
      if (first) return { first, several: true };
      first = { start: nameOffset - 1, end: offset + length }; // from the element's type byte
    }
  }
  return { first, several: false };
}

/**
 * The BSON of a document with its `_id` element moved to the front, spliced byte for byte: every
 * value keeps its exact encoding and type, with no decode and re-encode. With `newId`, that value
 * becomes the `_id` instead (an `_id` element already there, e.g. BSON undefined, is dropped).
 * mongod stores `_id` first whatever the client sent, and the official driver appends the `_id`
 * it generates after the caller's fields, so this runs for most driver inserts. `found` is the
 * `_id` element idElementsOf located in `raw` (none: undefined).
 */
export function withIdFirst(raw: Uint8Array, newId: unknown, found: TElementSpan | undefined): Buffer {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
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
 * The `_id` of a stored document, decoding that element only (a stored document may be large):
 * its bytes are wrapped as a one-element document. Undefined when it has none.
 */
export function storedId(raw: Uint8Array): unknown {
  const { first } = idElementsOf(raw);
  if (!first) return undefined;
  const element = raw.subarray(first.start, first.end);
  const wrapped = Buffer.alloc(element.length + 5);
  wrapped.writeInt32LE(wrapped.length, 0);
  wrapped.set(element, 4);
  return deserialize(wrapped)._id;
}
