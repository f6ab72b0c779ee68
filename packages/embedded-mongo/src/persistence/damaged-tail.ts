import { copyFile, open } from 'node:fs/promises';
import { FRAME_HEADER_BYTES, FRAME_MAGIC, scanFrames } from './frame.js';
import { makePrivateFile } from './file-modes.js';

/**
 * Counts intact frames that follow a bad frame at `badOffset` (resynchronising on the frame magic).
 * A crash tears only the last, never-acknowledged write, so normally there are none; some can
 * appear when pages of that last write reached the disk out of order, or when the journal was
 * damaged after the fact (bit rot, a stray write) — then they were acknowledged.
 */
export async function countFramesAfter(path: string, badOffset: number): Promise<number> {
  const handle = await open(path, 'r');
  let tail: Buffer;
  try {
    const { size } = await handle.stat();
    tail = Buffer.alloc(Math.max(0, size - badOffset));
    await handle.read(tail, 0, tail.length, badOffset);
  } finally {
    await handle.close();
  }
  const magic = Buffer.alloc(4);
  magic.writeUInt32LE(FRAME_MAGIC, 0);
  let frames = 0;
  let from = 1;
  while (from + FRAME_HEADER_BYTES <= tail.length) {
    const at = tail.indexOf(magic, from);
    if (at < 0) break;
    let found = 0;
    const stop = scanFrames(tail, at, () => (found += 1));
    frames += found;
    from = found > 0 ? stop.offset : at + 1;
  }
  return frames;
}

/**
 * Recovery cuts the journal at the first bad frame either way (frames after a hole cannot be
 * applied without the ones in it); when intact frames followed, it keeps a copy of the whole journal
 * next to it for inspection, and says so in the recovery report.
 */
export async function keepDamagedJournal(path: string): Promise<string> {
  const copy = `${path}.damaged-${Date.now()}`;
  await copyFile(path, copy);
  await makePrivateFile(copy);
  return copy;
}
