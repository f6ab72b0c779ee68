import { serialize } from 'bson';

type Doc = Record<string, unknown>;

/** A batch entry: a stored document's BSON (sent as is) or a decoded document to serialize. */
export type BatchItem = Uint8Array | Doc;

const isBytes = (item: BatchItem): item is Uint8Array => item instanceof Uint8Array;

/**
 * Encodes `{ cursor: { firstBatch|nextBatch: [...], id, ns }, ok: 1 }` by hand into one buffer so
 * stored BSON documents go to the socket without a decode/encode round trip (the hot path of find
 * and getMore) and without intermediate allocations.
 */
export function encodeCursorReply(ns: string, id: bigint, batch: BatchItem[], first: boolean): Buffer {
  const docs = batch.map((item) => (isBytes(item) ? item : serialize(item)));
  const batchName = first ? 'firstBatch' : 'nextBatch';
  const nsLen = Buffer.byteLength(ns, 'utf8');
  let arrayLen = 5;
  docs.forEach((d, i) => (arrayLen += 1 + String(i).length + 1 + d.length));
  // cursor: { <batchName>: array, id: int64, ns: string }
  const cursorLen = 4 + (1 + batchName.length + 1 + arrayLen) + (1 + 3 + 8) + (1 + 3 + 4 + nsLen + 1) + 1;
  // { cursor: {...}, ok: double }
  const total = 4 + (1 + 7 + cursorLen) + (1 + 3 + 8) + 1;
  const out = Buffer.allocUnsafe(total);
  let p = 0;
  const cstring = (s: string) => {
    p += out.write(s, p, 'latin1');
    out[p++] = 0;
  };
  out.writeInt32LE(total, p);
  p += 4;
  out[p++] = 0x03;
  cstring('cursor');
  out.writeInt32LE(cursorLen, p);
  p += 4;
  out[p++] = 0x04;
  cstring(batchName);
  out.writeInt32LE(arrayLen, p);
  p += 4;
  docs.forEach((d, i) => {
    out[p++] = 0x03;
    cstring(String(i));
    out.set(d, p);
    p += d.length;
  });
  out[p++] = 0;
  out[p++] = 0x12;
  cstring('id');
  out.writeBigInt64LE(id, p);
  p += 8;
  out[p++] = 0x02;
  cstring('ns');
  out.writeInt32LE(nsLen + 1, p);
  p += 4;
  p += out.write(ns, p, 'utf8');
  out[p++] = 0;
  out[p++] = 0; // end of cursor
  out[p++] = 0x01;
  cstring('ok');
  out.writeDoubleLE(1, p);
  p += 8;
  out[p++] = 0;
  return out;
}
