import type mongoose from 'mongoose';

import { isDuplicateKeyError } from './is-duplicate-key-error.js';

/**
 * How many recently counted submission ids a counter document remembers. Re-applying a submission
 * is a no-op while its id is among them; the counter sweep re-applies interrupted submissions within
 * about a minute, long before this many newer submissions of the same form can push an id out.
 */
export const COUNTED_IDS_KEPT = 200;

type TCountCollection = Pick<mongoose.Collection, 'findOneAndUpdate'>;

type TCountOnceOptions = {
  /** Extra `$inc` paths besides the count itself (analytics buckets). */
  inc: Record<string, number>;
  /** Create the counter document when missing (FormStats); forms are never created here. */
  upsert?: boolean;
  /** Fields of the document as it was before this update, for the caller's follow-up decisions. */
  projection?: Record<string, 0 | 1>;
};

/**
 * Idempotent counter update: `$inc` only if `countedId` is not yet recorded on the document, and
 * record it (bounded list) in the same single-document update. Without transactions this is what
 * makes "apply the counters of submission X" safe to repeat after a crash.
 *
 * Returns the document before the update (projected), or null when nothing matched, the id was
 * already counted, or the document was just created.
 */
export async function countOnce(
  collection: TCountCollection,
  filter: Record<string, unknown>,
  countedId: mongoose.Types.ObjectId,
  { inc, upsert = false, projection = { _id: 1 } }: TCountOnceOptions,
): Promise<Record<string, unknown> | null> {
  const guarded = { ...filter, countedIds: { $ne: countedId } };
  // Typed loosely on purpose: the driver's PushOperator<Document> rejects `$each`/`$slice` on a
  // schemaless collection, although MongoDB accepts them.
  const update = {
    $inc: inc,
    $push: { countedIds: { $each: [countedId], $slice: -COUNTED_IDS_KEPT } },
  } as unknown as mongoose.mongo.UpdateFilter<mongoose.mongo.Document>;
  const options = { projection, returnDocument: 'before' as const, includeResultMetadata: false as const };
  try {
    return await collection.findOneAndUpdate(guarded, update, { ...options, upsert });
  } catch (error) {
    // An upsert whose guard failed on an existing document (id already counted), or the loser of
    // two concurrent first inserts, hits the unique index: without upsert the guard alone decides.
    if (!upsert || !isDuplicateKeyError(error)) {
      throw error;
    }

    return collection.findOneAndUpdate(guarded, update, options);
  }
}
