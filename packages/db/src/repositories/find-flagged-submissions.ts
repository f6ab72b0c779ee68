import { SubmissionModel } from '../models/submission.js';
import { toSubmissionRecord, type TLeanSubmission, type TSubmissionRecord } from './submission-record.js';

/**
 * A sweep's query: submissions created before `createdBefore` that still carry `flag` (work left
 * to finish), oldest first. System operation: the sweeps act for every owner.
 */
export async function findFlaggedSubmissions({
  flag,
  createdBefore,
  limit,
}: {
  flag: 'countersPending' | 'hasPendingOutbox';
  createdBefore: Date;
  limit: number;
}): Promise<TSubmissionRecord[]> {
  const docs = await SubmissionModel.find({ [flag]: true, createdAt: { $lt: createdBefore } })
    .sort({ createdAt: 1 })
    .limit(limit)
    .lean<TLeanSubmission[]>();

  return docs.map(toSubmissionRecord);
}
