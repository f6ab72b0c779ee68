import { onDemand } from 'bson';

/** One element of a BSON document, found on its bytes: type byte, name start, value start and length. */
export type NamedElement = { type: number; nameAt: number; at: number; length: number };

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
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let found: NamedElement | undefined;
  for (const [type, nameAt, nameLength, at, length] of onDemand.parseToElements(bytes, docStart)) {
    if (nameLength !== name.length || name.compare(bytes, nameAt, nameAt + nameLength) !== 0) continue;
    if (found) return null;
    found = { type, nameAt, at, length };
  }
  return found;
}
