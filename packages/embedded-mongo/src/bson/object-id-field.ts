import { namedElement } from './named-element.js';

const OBJECT_ID = 0x07;
const ARRAY = 0x04;
const ID_BYTES = 12;

/**
 * Whether a top-level field of a BSON document equals an ObjectId as a query's equality decides
 * it: the field holds that id, or is an array with that id among its elements (an ObjectId equals
 * only an ObjectId, so no other value matches). Read on the bytes, without decoding the field:
 * the count-once guard of the submission counters (`countedIds: {$ne: id}`) reads a list of 200 ids
 * on every counter update. Undefined when the bytes do not say it simply (the field stored twice,
 * or an array holding other values or keys other than "0", "1", …): the caller decodes then.
 * `name` is the field name's UTF-8 bytes, `id` the id's 12 bytes.
 */
export function fieldEqualsObjectId(raw: Uint8Array, name: Buffer, id: Uint8Array): boolean | undefined {
  const found = namedElement(raw, 0, name);
  if (found === null) return undefined;
  if (!found) return false;
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (found.type === OBJECT_ID) return sameId(bytes, found.at, id);
  if (found.type !== ARRAY) return false;
  // An array of ids only, with the keys the encoder writes: each element is type, key, 12 bytes.
  const end = found.at + found.length - 1;
  let equal = false;
  let p = found.at + 4;
  for (let index = 0; p < end; index++) {
    if (bytes[p++] !== OBJECT_ID) return undefined;
    const key = String(index);
    for (let k = 0; k < key.length; k++, p++) if (bytes[p] !== key.charCodeAt(k)) return undefined;
    if (bytes[p++] !== 0) return undefined;
    if (!equal && sameId(bytes, p, id)) equal = true;
    p += ID_BYTES;
  }
  return p === end && bytes[end] === 0 ? equal : undefined;
}

function sameId(bytes: Buffer, at: number, id: Uint8Array): boolean {
  for (let i = 0; i < ID_BYTES; i++) if (bytes[at + i] !== id[i]) return false;
  return true;
}
