import type { Types } from 'mongoose';

/** Position after which a newest-first page starts: the last item's sort key. */
export type TPageAfter = { createdAt: Date; id: string };

export type TPage<T> = { items: T[]; hasMore: boolean };

/**
 * The keyset filter for `createdAt desc, _id desc`: strictly older, or the same instant with a
 * smaller id. Equal timestamps and inserts between pages can neither repeat nor skip an item.
 */
export function afterFilter(after: TPageAfter | undefined, afterId: Types.ObjectId | null) {
  if (!after || !afterId) {
    return {};
  }

  return {
    $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: afterId } }],
  };
}
