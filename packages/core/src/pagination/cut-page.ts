import type { TCursorPosition } from './cursor.js';

/**
 * A page cut from a short list already held whole and sorted newest first (`createdAt` desc, then
 * `id` desc), for lists too small to page in the database. The rule is the database keyset's: an
 * item follows the cursor when it is older, or as old with a smaller id, so equal timestamps and
 * inserts between pages neither repeat nor skip an item. Ids are ObjectId hex of one length, so
 * comparing the text compares the ids.
 */
export function cutPage<T extends TCursorPosition>(
  sorted: readonly T[],
  { limit, after }: { limit: number; after?: TCursorPosition },
): { items: T[]; hasMore: boolean } {
  const rest = after ? sorted.filter((item) => follows(item, after)) : sorted;

  return { items: rest.slice(0, limit), hasMore: rest.length > limit };
}

function follows(item: TCursorPosition, after: TCursorPosition): boolean {
  const older = item.createdAt.getTime() - after.createdAt.getTime();

  return older < 0 || (older === 0 && item.id < after.id);
}
