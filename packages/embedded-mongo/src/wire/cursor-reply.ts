import { serialize } from 'bson';

type Doc = Record<string, unknown>;

/** A batch entry: a stored document's BSON (sent as is) or a decoded document to serialize. */
export type BatchItem = Buffer | Doc;

function cstring(s: string): Buffer {
  return Buffer.from(`${s}\0`, 'utf8');
}

function element(type: number, name: string, value: Buffer): Buffer[] {
  return [Buffer.from([type]), cstring(name), value];
}

function docBytes(parts: Buffer[]): Buffer {
  const size = parts.reduce((n, p) => n + p.length, 0) + 5;
  const head = Buffer.allocUnsafe(4);
  head.writeInt32LE(size, 0);
  return Buffer.concat([head, ...parts, Buffer.from([0])], size);
}

/**
 * Encodes `{ cursor: { firstBatch|nextBatch: [...], id, ns }, ok: 1 }` by hand so that stored BSON
 * documents go to the socket without a decode/encode round trip (the hot path of find and getMore).
 */
export function encodeCursorReply(ns: string, id: bigint, batch: BatchItem[], first: boolean): Buffer {
  const items: Buffer[] = [];
  batch.forEach((item, i) => {
    const bytes = Buffer.isBuffer(item) ? item : Buffer.from(serialize(item));
    items.push(...element(0x03, String(i), bytes));
  });
  const idBuf = Buffer.allocUnsafe(8);
  idBuf.writeBigInt64LE(id, 0);
  const nsBytes = Buffer.from(ns, 'utf8');
  const nsBuf = Buffer.allocUnsafe(4 + nsBytes.length + 1);
  nsBuf.writeInt32LE(nsBytes.length + 1, 0);
  nsBytes.copy(nsBuf, 4);
  nsBuf[nsBuf.length - 1] = 0;
  const cursor = docBytes([
    ...element(0x04, first ? 'firstBatch' : 'nextBatch', docBytes(items)),
    ...element(0x12, 'id', idBuf),
    ...element(0x02, 'ns', nsBuf),
  ]);
  const ok = Buffer.allocUnsafe(8);
  ok.writeDoubleLE(1, 0);
  return docBytes([...element(0x03, 'cursor', cursor), ...element(0x01, 'ok', ok)]);
}
