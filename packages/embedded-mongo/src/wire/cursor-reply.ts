import { serialize } from 'bson';
import { restoreUndefined } from '../bson/undefined-value.js';

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
  // Plain loops and no closures: this runs for every find and getMore.
  const docs: Uint8Array[] = [];
  for (const item of batch) docs.push(isBytes(item) ? item : restoreUndefined(serialize(item)));
  const batchName = first ? 'firstBatch' : 'nextBatch';
  const nsLen = Buffer.byteLength(ns, 'utf8');
  let arrayLen = 5;
  for (let i = 0; i < docs.length; i++) arrayLen += 1 + decimalLength(i) + 1 + (docs[i]?.length ?? 0);
  // cursor: { <batchName>: array, id: int64, ns: string }
  const cursorLen = 4 + (1 + batchName.length + 1 + arrayLen) + (1 + 3 + 8) + (1 + 3 + 4 + nsLen + 1) + 1;
  // { cursor: {...}, ok: double }
  const total = 4 + (1 + 7 + cursorLen) + (1 + 3 + 8) + 1;
  const out = Buffer.allocUnsafe(total);
  let p = 0;
  out.writeInt32LE(total, p);
  p += 4;
  out[p++] = 0x03;
  p = cstring(out, p, 'cursor');
  out.writeInt32LE(cursorLen, p);
  p += 4;
  out[p++] = 0x04;
  p = cstring(out, p, batchName);
  out.writeInt32LE(arrayLen, p);
  p += 4;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] ?? EMPTY;
    out[p++] = 0x03;
    p = cstring(out, p, String(i));
    out.set(d, p);
    p += d.length;
  }
  out[p++] = 0;
  out[p++] = 0x12;
  p = cstring(out, p, 'id');
  out.writeBigInt64LE(id, p);
  p += 8;
  out[p++] = 0x02;
  p = cstring(out, p, 'ns');
  out.writeInt32LE(nsLen + 1, p);
  p += 4;
  p += out.write(ns, p, 'utf8');
  out[p++] = 0;
  out[p++] = 0; // end of cursor
  out[p++] = 0x01;
  p = cstring(out, p, 'ok');
  out.writeDoubleLE(1, p);
  p += 8;
  out[p++] = 0;
  return out;
}

const EMPTY = new Uint8Array(0);

/** Writes an ASCII name and its NUL at `p`; returns the position after it. */
function cstring(out: Buffer, p: number, s: string): number {
  p += out.write(s, p, 'latin1');
  out[p++] = 0;
  return p;
}

/** Digits of a non-negative integer (an array index's key length). */
const decimalLength = (i: number): number => (i < 10 ? 1 : i < 100 ? 2 : String(i).length);
