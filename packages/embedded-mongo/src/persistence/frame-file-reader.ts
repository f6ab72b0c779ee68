import { open } from 'node:fs/promises';
import { scanFrames } from './frame.js';

/** Big sequential reads: replay speed is bounded by parsing, not by syscalls. */
const READ_CHUNK_BYTES = 8 * 1024 * 1024;

export type FrameFileResult = {
  fileBytes: number;
  /** Offset just past the last intact frame: everything before it is good. */
  validBytes: number;
  /** Why reading stopped before the end of the file, or null if the file ends on a frame boundary. */
  problem: null | { offset: number; reason: string };
};

/**
 * Streams the frames of a file to `onFrame` (payload views are only valid during the call) without
 * loading the whole file: memory stays at one chunk plus the largest frame.
 */
export async function readFrameFile(
  path: string,
  onFrame: (payload: Buffer, endOffset: number) => void,
): Promise<FrameFileResult> {
  const handle = await open(path, 'r');
  try {
    const fileBytes = (await handle.stat()).size;
    let buf = Buffer.alloc(0);
    let bufFileOffset = 0; // file offset of buf[0]
    let readOffset = 0; // next file offset to read
    for (;;) {
      const stop = scanFrames(buf, 0, (payload, end) => onFrame(payload, bufFileOffset + end));
      const stopFileOffset = bufFileOffset + stop.offset;
      if (stop.kind === 'corrupt') {
        return {
          fileBytes,
          validBytes: stopFileOffset,
          problem: { offset: stopFileOffset, reason: stop.reason },
        };
      }
      if (readOffset >= fileBytes) {
        const problem =
          stopFileOffset < fileBytes ? { offset: stopFileOffset, reason: 'incomplete final frame' } : null;
        return { fileBytes, validBytes: stopFileOffset, problem };
      }
      // Keep the unconsumed tail and read at least enough to complete the pending frame.
      const carry = buf.subarray(stop.offset);
      const want = Math.min(
        Math.max(READ_CHUNK_BYTES, stop.needBytes - carry.length),
        fileBytes - readOffset,
      );
      const next = Buffer.allocUnsafe(carry.length + want);
      carry.copy(next, 0);
      const { bytesRead } = await handle.read(next, carry.length, want, readOffset);
      readOffset += bytesRead;
      if (bytesRead === 0) readOffset = fileBytes; // file shrank under us: treat what we have as the end
      buf = next.subarray(0, carry.length + bytesRead);
      bufFileOffset = stopFileOffset;
    }
  } finally {
    await handle.close();
  }
}
