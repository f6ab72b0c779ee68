import mongoose from 'mongoose';

import { SubmissionModel } from '../models/submission.js';
import { failedOnlyOnDuplicateKeys } from './bulk-write.js';
import { withOwnedIds } from './owned-ids.js';

/** Keys set per command: bounded, so a form with many submissions is keyed in several round trips. */
const BATCH = 1_000;

type TKeyWrite = mongoose.mongo.AnyBulkWriteOperation<mongoose.mongo.Document>;

/**
 * Gives a form's stored submissions the `emailKey` that its unique index guards, when the owner
 * turns "one submission per email" on after collecting some: without it, each address already on
 * the form would be accepted once more. Oldest first, so the first submission of an address takes
 * the key and the later ones with the same address keep none (the index refuses them); that is,
 * the duplicates collected while the rule was off stay, and the address answers 409 from now on.
 * Returns how many submissions got a key.
 */
export async function keyExistingEmails({
  userId,
  formId,
  keyOf,
}: {
  userId: string;
  formId: string;
  /** The submit's own rule (core's uniqueEmailKey), given the stored email and `data.email`. */
  keyOf: (submission: { email: string | null; data: Record<string, unknown> }) => string | null;
}): Promise<number> {
  return withOwnedIds({ userId, formId }, 0, async (ids) => {
    const unkeyed = SubmissionModel.collection.find(
      {
        formId: ids.form,
        userId: ids.owner,
        emailKey: { $exists: false },
        $or: [{ email: { $type: 'string' } }, { 'data.email': { $type: 'string' } }],
      },
      { projection: { email: 1, 'data.email': 1 }, sort: { createdAt: 1, _id: 1 } },
    );
    let keyed = 0;
    let batch: TKeyWrite[] = [];
    for await (const { _id, email, data } of unkeyed) {
      const emailKey = keyOf({
        email: typeof email === 'string' ? email : null,
        data: (data ?? {}) as Record<string, unknown>,
      });
      if (emailKey === null) {
        continue;
      }
      batch.push({
        updateOne: {
          filter: { _id, emailKey: { $exists: false } },
          update: { $set: { emailKey } },
        },
      });
      if (batch.length === BATCH) {
        keyed += await setKeys(batch);
        batch = [];
      }
    }

    return batch.length > 0 ? keyed + (await setKeys(batch)) : keyed;
  });
}

/** One unordered command: an address met twice fails on the unique index there, and only there. */
async function setKeys(batch: TKeyWrite[]): Promise<number> {
  try {
    return (await SubmissionModel.collection.bulkWrite(batch, { ordered: false })).modifiedCount;
  } catch (error) {
    if (error instanceof mongoose.mongo.MongoBulkWriteError && failedOnlyOnDuplicateKeys(error)) {
      return error.result.modifiedCount;
    }
    throw error;
  }
}
