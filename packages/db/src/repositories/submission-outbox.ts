import { SubmissionModel } from '../models/submission.js';
import { toObjectId } from './object-id.js';
import { findFlaggedSubmissions } from './find-flagged-submissions.js';
import type { TSubmissionRecord } from './submission-record.js';

/** The submission and outbox-entry ids as ObjectIds; null when either names nothing. */
function parseEntryIds({ submissionId, entryId }: { submissionId: string; entryId: string }) {
  const _id = toObjectId(submissionId);
  const entry = toObjectId(entryId);

  return _id && entry ? { _id, entry } : null;
}

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
    return findFlaggedSubmissions({ flag: 'hasPendingOutbox', createdBefore, limit });
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
    const ids = parseEntryIds({ submissionId, entryId });
    if (!ids) {
      return false;
    }
    const { _id, entry } = ids;
    // One conditional update: only a still-pending entry is marked, so a redelivery finds nothing.
    const result = await SubmissionModel.updateOne(
      { _id, outbox: { $elemMatch: { _id: entry, status: 'pending' } } },
      { $set: { 'outbox.$.status': 'done', 'outbox.$.doneAt': now } },
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
    const ids = parseEntryIds({ submissionId, entryId });
    if (!ids) {
      return;
    }
    const { _id, entry } = ids;
    await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $inc: { 'outbox.$.attempts': 1 }, $set: { 'outbox.$.lastError': error.slice(0, 1000) } },
    );
  },
};
