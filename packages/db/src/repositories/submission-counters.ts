import { SubmissionModel } from '../models/submission.js';
import { toObjectId } from './object-id.js';
import { findFlaggedSubmissions } from './find-flagged-submissions.js';
import type { TSubmissionRecord } from './submission-record.js';

/**
 * The `countersPending` flag of submissions: set by the insert, cleared once the form's
 * `submissionCount` and analytics counters include the submission. System operations (the sweep
 * acts for every owner), addressed by submission id.
 */
export const submissionCountersRepository = {
  /** Submissions created before `createdBefore` whose counters are still pending, oldest first. */
  async findPending({
    createdBefore,
    limit,
  }: {
    createdBefore: Date;
    limit: number;
  }): Promise<TSubmissionRecord[]> {
    return findFlaggedSubmissions({ flag: 'countersPending', createdBefore, limit });
  },

  /** Clears the flag once every counter includes the submission. */
  async markApplied({ submissionId }: { submissionId: string }): Promise<void> {
    const _id = toObjectId(submissionId);
    if (_id) {
      // Straight to the driver: on every submit, and nothing to cast (no timestamps on submissions).
      await SubmissionModel.collection.updateOne(
        { _id, countersPending: true },
        { $unset: { countersPending: 1 } },
      );
    }
  },
};
