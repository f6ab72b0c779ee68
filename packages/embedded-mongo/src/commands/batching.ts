import { calculateObjectSize } from 'bson';
import type { BatchItem } from '../wire/cursor-reply.js';
import { encodeCursorReply } from '../wire/cursor-reply.js';
import type { CommandContext } from './types.js';
import type { CursorSource } from '../cursors/killed-plans.js';
import { sessionOf } from '../cursors/cursor-session.js';

/** Replies carry at most ~16 MB of documents, like mongod's batches. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;
export const DEFAULT_FIRST_BATCH = 101;

/** End of the next batch from `pos`: up to `batchSize` documents (Infinity = no count limit) and ~16 MB. */
export function batchEnd(items: BatchItem[], pos: number, batchSize: number): number {
  let bytes = 0;
  let end = pos;
  const maxEnd = Math.min(items.length, pos + batchSize);
  while (end < maxEnd) {
    const item = items[end];
    if (item === undefined) break;
    bytes += item instanceof Uint8Array ? item.length : calculateObjectSize(item);
    if (bytes > MAX_BATCH_BYTES && end > pos) break;
    end++;
  }
  return end;
}

/** First batch of a cursor-returning command; the rest stays on a server cursor for getMore. */
export function cursorFirstBatch(
  ctx: CommandContext,
  ns: string,
  items: BatchItem[],
  batchSize: number,
  singleBatch: boolean,
  source?: CursorSource,
): Buffer {
  const end = batchEnd(items, 0, batchSize);
  const more = end < items.length && !singleBatch;
  const id = more
    ? ctx.state.cursors.open(ns, items, end, {
        noTimeout: ctx.body.noCursorTimeout === true,
        source,
        session: sessionOf(ctx.body.lsid),
      })
    : 0n;
  return encodeCursorReply(ns, id, end === items.length ? items : items.slice(0, end), true);
}
