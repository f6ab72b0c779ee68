import type { Types } from 'mongoose';

import { PENDING_OF_FORM_INDEX, SubmissionModel } from '../models/submission.js';
import { toObjectId } from './object-id.js';
import { findFlaggedSubmissions } from './find-flagged-submissions.js';
import { withOwnedIds } from './owned-ids.js';
import { toSubmissionRecord, type TLeanSubmission, type TSubmissionRecord } from './submission-record.js';

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

  /**
   * One form's submissions whose counters are still pending, however recent: what a reader of the
   * form's analytics applies first. Owner-scoped; hinted to the partial index that holds only the
   * submissions in flight, so a form with many settled submissions costs nothing more.
   */
  async findPendingOfForm({
    userId,
    formId,
    limit,
  }: {
    userId: string;
    formId: string;
    limit: number;
  }): Promise<TSubmissionRecord[]> {
    return withOwnedIds({ userId, formId }, [], async (ids) => {
      const docs = await SubmissionModel.find(
        { countersPending: true, userId: ids.owner, formId: ids.form },
        { data: 0, outbox: 0 },
      )
        .hint(PENDING_OF_FORM_INDEX)
        .limit(limit)
        .lean<TLeanSubmission[]>();

      return docs.map((doc) => toSubmissionRecord({ ...doc, data: {} }));
    });
  },

  /** Clears the flag once every counter includes the submission. */
  async markApplied({ submissionId }: { submissionId: string }): Promise<void> {
    const _id = toObjectId(submissionId);
    if (_id) {
      // Straight to the driver: on every submit, and nothing to cast (no timestamps on submissions).
      const { filter, update } = markAppliedWrite(_id);
      await SubmissionModel.collection.updateOne(filter, update);
    }
  },

  /**
   * Sets the flag again on a submission whose flag a combined write cleared before one of its
   * counters could include it (see formStatsRepository.recordSubmission), so the sweep still finds it.
   */
  async markPendingAgain({ submissionId }: { submissionId: Types.ObjectId }): Promise<void> {
    await SubmissionModel.collection.updateOne({ _id: submissionId }, { $set: { countersPending: true } });
  },
};

/**
 * The write that clears the flag, for markApplied and for a command that sends it after the
 * counters' own writes (the analytics' bulkWrite on the submit path).
 */
export function markAppliedWrite(submissionId: Types.ObjectId) {
  return {
    filter: { _id: submissionId, countersPending: true },
    update: { $unset: { countersPending: 1 } } as const,
  };
}
