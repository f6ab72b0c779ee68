import { SubmissionModel } from '../models/submission.js';
import { toObjectId } from './object-id.js';
import { toSubmissionRecord, type TLeanSubmission, type TSubmissionRecord } from './submission-record.js';

/**
 * The outbox inside submission documents: what the worker and its sweeper read and mark. System
 * operations (the worker acts for every owner), addressed by submission and entry id.
 */
export const submissionOutboxRepository = {
  /** The sweeper's query: submissions whose outbox still has pending entries, oldest first. */
  async findWithPendingOutbox({
    createdBefore,
    limit,
  }: {
    createdBefore: Date;
    limit: number;
  }): Promise<TSubmissionRecord[]> {
    const docs = await SubmissionModel.find({ hasPendingOutbox: true, createdAt: { $lt: createdBefore } })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<TLeanSubmission[]>();

    return docs.map(toSubmissionRecord);
  },

  /** Marks one outbox entry done, then clears the pending flag when nothing is left. */
  async markOutboxDone({
    submissionId,
    entryId,
    now,
  }: {
    submissionId: string;
    entryId: string;
    now: Date;
  }): Promise<boolean> {
    const _id = toObjectId(submissionId);
    const entry = toObjectId(entryId);
    if (!_id || !entry) {
      return false;
    }
    // Engine workarounds (real MongoDB accepts the direct forms): arrayFilters instead of the
    // positional `$`, which the embedded engine rejects, and one element path per update, since it
    // reports two paths under the same `$[entry]` as a conflict. The status write is the one that counts.
    const result = await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $set: { 'outbox.$[entry].status': 'done' } },
      { arrayFilters: [{ 'entry._id': entry, 'entry.status': 'pending' }] },
    );
    await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $set: { 'outbox.$[entry].doneAt': now } },
      { arrayFilters: [{ 'entry._id': entry }] },
    );
    await SubmissionModel.updateOne(
      { _id, hasPendingOutbox: true, 'outbox.status': { $ne: 'pending' } },
      { $set: { hasPendingOutbox: false } },
    );

    return result.modifiedCount > 0;
  },

  /** Records a failed attempt on an outbox entry (it stays pending for the sweeper). */
  async recordOutboxFailure({
    submissionId,
    entryId,
    error,
  }: {
    submissionId: string;
    entryId: string;
    error: string;
  }): Promise<void> {
    const _id = toObjectId(submissionId);
    const entry = toObjectId(entryId);
    if (!_id || !entry) {
      return;
    }
    // Two updates for the engine's one-path-per-element limitation (see markOutboxDone).
    await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $inc: { 'outbox.$[entry].attempts': 1 } },
      { arrayFilters: [{ 'entry._id': entry }] },
    );
    await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $set: { 'outbox.$[entry].lastError': error.slice(0, 1000) } },
      { arrayFilters: [{ 'entry._id': entry }] },
    );
  },
};
