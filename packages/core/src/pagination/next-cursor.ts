import { encodeCursor } from './cursor.js';

/** `nextCursor` of a page: the last item's key while more items exist, then null. */
export function nextCursor({
  items,
  hasMore,
}: {
  items: { createdAt: Date; id: string }[];
  hasMore: boolean;
}): string | null {
  const last = items.at(-1);
  if (!hasMore || !last) {
    return null;
  }

  return encodeCursor({ createdAt: last.createdAt, id: last.id });
}
