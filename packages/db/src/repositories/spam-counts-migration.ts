import type mongoose from 'mongoose';

import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';

type TId = mongoose.Types.ObjectId;

/**
 * Gives every form its spam counters, so that reading a form's spam count is reading the form:
 * `caughtSpamCount` moves from the form's analytics totals (their former `spam` field), and
 * `spamFolderCount` is counted from the submissions in the folder. Safe to run again: both are set,
 * never added to, and a totals document loses its `spam` only after its form has the value.
 */
export async function migrateSpamCountsToForms(): Promise<void> {
  const totals = FormStatsModel.collection.find<{ _id: TId; formId: TId; spam: number | null }>(
    { spam: { $exists: true } },
    { projection: { formId: 1, spam: 1 } },
  );
  for await (const { _id, formId, spam } of totals) {
    await FormModel.collection.updateOne({ _id: formId }, { $set: { caughtSpamCount: spam ?? 0 } });
    await FormStatsModel.collection.updateOne({ _id }, { $unset: { spam: '' } });
  }
  const folders = SubmissionModel.collection.aggregate<{ _id: TId; count: number }>([
    { $match: { status: 'spam' } },
    { $group: { _id: '$formId', count: { $sum: 1 } } },
  ]);
  for await (const { _id, count } of folders) {
    await FormModel.collection.updateOne({ _id }, { $set: { spamFolderCount: count } });
  }
}
