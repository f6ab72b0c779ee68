import { crc32 } from 'node:zlib';

/**
 * One frame = 12-byte header + payload. Journals and snapshots are sequences of frames, so both can
 * tell a complete, intact frame from a torn or corrupted one:
 *   magic   u32 LE  'FWJ1' — a zero-filled or garbage tail (what ext4 can leave after a crash) fails here
 *   length  u32 LE  payload bytes
 *   crc     u32 LE  CRC-32 of the payload (zlib's native implementation: fast, no dependency)
 */
export const FRAME_MAGIC = 0x314a5746;
export const FRAME_HEADER_BYTES = 12;
/** Sanity bound: a garbage length must not make the reader try to allocate gigabytes. */
const MAX_FRAME_PAYLOAD_BYTES = 512 * 1024 * 1024;

export function encodeFrame(payload: Uint8Array): Buffer {
  const frame = allocFrame(payload.byteLength);
  frame.set(payload, FRAME_HEADER_BYTES);
  return sealFrame(frame);
}

/**
 * A frame whose payload (`payloadLength` bytes from FRAME_HEADER_BYTES) the caller writes in place,
 * then seals: a batch is encoded straight into its frame, without a copy of the payload.
 */
export function allocFrame(payloadLength: number): Buffer {
  if (payloadLength > MAX_FRAME_PAYLOAD_BYTES) {
    throw new RangeError(
      `journal frame of ${payloadLength} bytes exceeds the ${MAX_FRAME_PAYLOAD_BYTES}-byte limit`,
    );
  }
  return Buffer.allocUnsafe(FRAME_HEADER_BYTES + payloadLength);
}

/** Writes the header of a frame from allocFrame whose payload is in place. */
export function sealFrame(frame: Buffer): Buffer {
  const payload = frame.subarray(FRAME_HEADER_BYTES);
  frame.writeUInt32LE(FRAME_MAGIC, 0);
  frame.writeUInt32LE(payload.byteLength, 4);
  frame.writeUInt32LE(crc32(payload), 8);
  return frame;
}

export type ScanStop =
  /** Ran out of bytes in the middle of a frame: more may follow, or (at end of file) a torn write. */
  | { kind: 'incomplete'; offset: number; needBytes: number }
  /** Bad magic, absurd length or CRC mismatch at `offset`. */
  | { kind: 'corrupt'; offset: number; reason: string };

/**
 * Calls `onFrame` for each intact frame of `buf` from `start`, and says where and why it stopped.
 * Payloads are views into `buf`: copy whatever must outlive it.
 */
export function scanFrames(
  buf: Buffer,
  start: number,
  onFrame: (payload: Buffer, endOffset: number) => void,
): ScanStop {
  let pos = start;
  for (;;) {
    if (buf.length - pos < FRAME_HEADER_BYTES) {
      return { kind: 'incomplete', offset: pos, needBytes: FRAME_HEADER_BYTES };
    }
    if (buf.readUInt32LE(pos) !== FRAME_MAGIC)
      return { kind: 'corrupt', offset: pos, reason: 'bad frame magic' };
    const length = buf.readUInt32LE(pos + 4);
    if (length > MAX_FRAME_PAYLOAD_BYTES)
      return { kind: 'corrupt', offset: pos, reason: 'absurd frame length' };
    const end = pos + FRAME_HEADER_BYTES + length;
    if (end > buf.length) return { kind: 'incomplete', offset: pos, needBytes: FRAME_HEADER_BYTES + length };
    const payload = buf.subarray(pos + FRAME_HEADER_BYTES, end);
    if (crc32(payload) !== buf.readUInt32LE(pos + 8))
      return { kind: 'corrupt', offset: pos, reason: 'checksum mismatch' };
    onFrame(payload, end);
    pos = end;
  }
}
