import mongoose from 'mongoose';

import { isDuplicateKeyError } from './is-duplicate-key-error.js';

/**
 * How many recently counted submission ids a counter document remembers. Re-applying a submission
 * is a no-op while its id is among them; a busy form can push an id out before the counter sweep
 * comes, which `reapplying` below accounts for.
 */
export const COUNTED_IDS_KEPT = 200;

/**
 * Longer than any submit takes from creating its submission id to counting it (with clock skew
 * between replicas): what lets a re-apply tell "counted long ago" from "never counted".
 */
const SUBMIT_DURATION_BOUND_SECONDS = 5 * 60;

type TCountCollection = Pick<mongoose.Collection, 'findOneAndUpdate'>;

type TCountOnceOptions = {
  /** Extra `$inc` paths besides the count itself (analytics buckets). */
  inc: Record<string, number>;
  /** Create the counter document when missing (FormStats); forms are never created here. */
  upsert?: boolean;
  /** Fields of the document as it was before this update, for the caller's follow-up decisions. */
  projection?: Record<string, 0 | 1>;
  /**
   * Re-applying an interrupted submit (the sweep, an analytics read): the id may have been counted
   * and pushed out of the remembered window since, so count only where the window shows it never
   * was (see windowStillCovers).
   */
  reapplying?: boolean;
};

/**
 * The window still covers `countedId` when it was never full, or when its oldest id was created
 * before `countedId` by more than a submit can take: then `countedId`, had it been counted, would
 * have been counted after that oldest one and still be in the window. Otherwise a missing id
 * proves nothing, and counting it again could count it twice; leaving it uncounted can only miss a
 * submission whose submit was interrupted before it counted (no 201 was sent for it).
 */
function windowStillCovers(countedId: mongoose.Types.ObjectId): Record<string, unknown> {
  const createdAt = countedId.getTimestamp().getTime() / 1000;
  const muchOlder = mongoose.Types.ObjectId.createFromTime(
    Math.floor(createdAt) - SUBMIT_DURATION_BOUND_SECONDS,
  );

  return {
    $or: [
      { [`countedIds.${String(COUNTED_IDS_KEPT - 1)}`]: { $exists: false } },
      { 'countedIds.0': { $lt: muchOlder } },
    ],
  };
}

/**
 * The filter and update of one count-once write, for callers that send it inside a larger command
 * (a submit's one bulk write): `$inc` only where `countedId` is not recorded yet, and record it in
 * the same single-document update, keeping the last COUNTED_IDS_KEPT ids.
 */
export function countOnceWrite(
  filter: Record<string, unknown>,
  countedId: mongoose.Types.ObjectId,
  { inc, reapplying = false }: Pick<TCountOnceOptions, 'inc' | 'reapplying'>,
) {
  const guarded = {
    ...filter,
    countedIds: { $ne: countedId },
    ...(reapplying ? windowStillCovers(countedId) : {}),
  };
  // Typed loosely on purpose: the driver's PushOperator<Document> rejects `$each`/`$slice` on a
  // schemaless collection, although MongoDB accepts them.
  const update = {
    $inc: inc,
    $push: { countedIds: { $each: [countedId], $slice: -COUNTED_IDS_KEPT } },
  } as unknown as mongoose.mongo.UpdateFilter<mongoose.mongo.Document>;

  return { filter: guarded, update };
}

/**
 * Idempotent counter update (countOnceWrite): without transactions this is what makes "apply the
 * counters of submission X" safe to repeat after a crash.
 *
 * Returns the document before the update (projected), or null when nothing matched, the id was
 * already counted, or the document was just created.
 */
export async function countOnce(
  collection: TCountCollection,
  filter: Record<string, unknown>,
  countedId: mongoose.Types.ObjectId,
  { inc, upsert = false, projection = { _id: 1 }, reapplying = false }: TCountOnceOptions,
): Promise<Record<string, unknown> | null> {
  const write = countOnceWrite(filter, countedId, { inc, reapplying });
  const options = { projection, returnDocument: 'before' as const, includeResultMetadata: false as const };
  try {
    return await collection.findOneAndUpdate(write.filter, write.update, { ...options, upsert });
  } catch (error) {
    // An upsert whose guard failed on an existing document (id already counted), or the loser of
    // two concurrent first inserts, hits the unique index: without upsert the guard alone decides.
    if (!upsert || !isDuplicateKeyError(error)) {
      throw error;
    }

    return collection.findOneAndUpdate(write.filter, write.update, options);
  }
}
