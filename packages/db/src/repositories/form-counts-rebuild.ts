import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { withOwnedIds, type TOwnedIds } from './owned-ids.js';
import { rebuildUntilUnmoved, type TRebuildPass } from './rebuild-until-unmoved.js';

/** The counts a form keeps of its own submissions, as a recount sets them. */
export type TFormOwnCounts = { submissionCount: number; spamFolderCount: number };

type TStoredCounts = { countsVersion?: number };

/**
 * What the form's stored submissions say its counts should be. Only the form's own owner's
 * submissions are read, so a submission filed under another workspace with this form's id (which
 * no write makes, but a bad import could) never counts here. `submissionCount` counts what the
 * counters hold: neither withheld spam (never counted, or taken out when marked spam) nor a
 * submission still marked "counters pending" (whoever takes its mark counts it afterwards).
 */
async function countStored(ids: TOwnedIds): Promise<TFormOwnCounts> {
  const owned = { formId: ids.form, userId: ids.owner };
  const [submissionCount, spamFolderCount] = await Promise.all([
    SubmissionModel.countDocuments({
      ...owned,
      withheld: { $exists: false },
      countersPending: { $exists: false },
    }),
    SubmissionModel.countDocuments({ ...owned, status: 'spam' }),
  ]);

  return { submissionCount, spamFolderCount };
}

/**
 * One recount: the counts' version read, the submissions counted, the counts written only if the
 * form still holds that version. Null for a form gone meanwhile.
 */
async function recountOnce(ids: TOwnedIds): Promise<TRebuildPass<TFormOwnCounts | null>> {
  const form = { _id: ids.form, userId: ids.owner };
  const before = await FormModel.collection.findOne<TStoredCounts>(form, {
    projection: { countsVersion: 1 },
  });
  if (!before) {
    return { moved: false, result: null };
  }
  const counted = await countStored(ids);
  // A form whose counts were not written since the version was kept has none yet.
  const unchanged = { ...form, countsVersion: before.countsVersion ?? { $exists: false } };
  const written = await FormModel.collection.updateOne(unchanged, {
    $set: counted,
    $inc: { countsVersion: 1 },
  });

  return written.matchedCount === 1 ? { moved: false, result: counted } : { moved: true };
}

/**
 * Sets a form's `submissionCount` and `spamFolderCount` to what its stored submissions say, which
 * repairs a count left one off by a crash between a write and its count (a spam move, a deletion).
 * Safe while submissions arrive, without transactions: the counts' version is read, the
 * submissions counted, and the new counts written only if the form still holds the version read
 * first (a compare-and-set; every write of the counts bumps it), so a count that moved during the
 * scan makes it count again instead of being overwritten, even one that moved back to where it was
 * (a submit and a deletion): its values alone would not show that the scan saw only one of them.
 * The gap is the one of every two-write update: a write whose count has not landed yet when the
 * scan sees it is counted once more when it lands, until the next recount.
 * Returns the counts written; null for no such form of this owner; throws when the counts kept
 * moving for `attempts` scans.
 */
export async function recountForm({
  userId,
  formId,
  attempts,
}: {
  userId: string;
  formId: string;
  attempts?: number;
}): Promise<TFormOwnCounts | null> {
  return withOwnedIds({ userId, formId }, null, (ids) =>
    rebuildUntilUnmoved({
      attempts,
      failure: (tries) => `Counts of form ${formId} kept changing during ${tries} recount attempts`,
      pass: () => recountOnce(ids),
    }),
  );
}
