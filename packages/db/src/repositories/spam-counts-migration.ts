import type mongoose from 'mongoose';

import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';

type TId = mongoose.Types.ObjectId;

/**
 * Gives every form its spam counters, so that reading a form's spam count is reading the form.
 * Servers of this version may already be counting when it runs (the migration can run after they
 * start), so nothing they counted is overwritten:
 * - the caught count moves from the form's analytics totals (their former `spam` field): each
 *   totals document gives its value up once (taken and removed in one update, which also bumps its
 *   version so a concurrent analytics rebuild cannot write the old field back), and the form adds it;
 * - the folder count is set from the submissions in the folder: first every form back to zero (a
 *   form whose last legacy spam was deleted before this ran would otherwise keep a negative
 *   count), then each form with spam to its count. A move made while this runs can leave it one off.
 */
export async function migrateSpamCountsToForms(): Promise<void> {
  const legacyTotals = FormStatsModel.collection.find<{ _id: TId }>(
    { spam: { $exists: true } },
    { projection: { _id: 1 } },
  );
  for await (const { _id } of legacyTotals) {
    const taken = (await FormStatsModel.collection.findOneAndUpdate(
      { _id, spam: { $exists: true } },
      { $unset: { spam: '' }, $inc: { version: 1 } },
      { returnDocument: 'before', projection: { formId: 1, spam: 1 } },
    )) as { formId: TId; spam?: unknown } | null;
    const caught = typeof taken?.spam === 'number' ? taken.spam : 0;
    if (taken && caught > 0) {
      await FormModel.collection.updateOne({ _id: taken.formId }, { $inc: { caughtSpamCount: caught } });
    }
  }
  await FormModel.collection.updateMany(
    { spamFolderCount: { $nin: [0, null] } },
    { $set: { spamFolderCount: 0 }, $inc: { countsVersion: 1 } },
  );
  const folders = SubmissionModel.collection.aggregate<{ _id: TId; count: number }>([
    { $match: { status: 'spam' } },
    { $group: { _id: '$formId', count: { $sum: 1 } } },
  ]);
  for await (const { _id, count } of folders) {
    await FormModel.collection.updateOne(
      { _id },
      { $set: { spamFolderCount: count }, $inc: { countsVersion: 1 } },
    );
  }
}
