import { deserialize, onDemand } from 'bson';

type Doc = Record<string, unknown>;

/**
 * Only the named top-level fields of a BSON document, decoded as the usual decode would decode
 * them; the other elements are skipped without being read. Testing a filter on a large document
 * (a counter document of thousands of numbers) needs only the fields the filter names.
 */
export function decodeFields(raw: Uint8Array, names: ReadonlySet<string>): Doc {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const spans: [number, number][] = [];
  let size = 5;
  for (const [, nameOffset, nameLength, offset, length] of onDemand.parseToElements(bytes)) {
    if (!names.has(bytes.toString('utf8', nameOffset, nameOffset + nameLength))) continue;
    // From the element's type byte to the end of its value.
    spans.push([nameOffset - 1, offset + length]);
    size += offset + length - nameOffset + 1;
  }
  const picked = Buffer.allocUnsafe(size);
  picked.writeInt32LE(size, 0);
  let p = 4;
  for (const [start, end] of spans) p += bytes.copy(picked, p, start, end);
  picked[p] = 0;
  return deserialize(picked);
}
