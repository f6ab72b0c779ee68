import { SubmissionModel } from '../models/submission.js';
import { toObjectId } from './object-id.js';
import { toSubmissionRecord, type TLeanSubmission, type TSubmissionRecord } from './submission-record.js';

/**
 * What the worker reads to run an outbox entry, and what its sweep looks for. System operations:
 * the worker acts for every owner, addressing a submission by the ids its job carries.
 */
export const outboxDeliveryRepository = {
  /** The submission an outbox job refers to, only if it belongs to that owner and form. */
  async findSubmission({
    userId,
    formId,
    submissionId,
  }: {
    userId: string;
    formId: string;
    submissionId: string;
  }): Promise<TSubmissionRecord | null> {
    const _id = toObjectId(submissionId);
    const owner = toObjectId(userId);
    const form = toObjectId(formId);
    if (!_id || !owner || !form) {
      return null;
    }
    const doc = await SubmissionModel.findOne({ _id, userId: owner, formId: form }).lean<TLeanSubmission>();

    return doc ? toSubmissionRecord(doc) : null;
  },

  /**
   * Submissions the sweep must look at, oldest first: those older than `createdBefore` with an
   * entry never attempted (its job may never have reached Redis), plus those older than
   * `abandonedBefore` with any pending entry (their retries should long be over: the job was lost).
   * Entries being retried are left alone until then, so they never crowd newer ones out of a page.
   */
  async findSweepable({
    createdBefore,
    abandonedBefore,
    limit,
  }: {
    createdBefore: Date;
    abandonedBefore: Date;
    limit: number;
  }): Promise<TSubmissionRecord[]> {
    const docs = await SubmissionModel.find({
      hasPendingOutbox: true,
      createdAt: { $lt: createdBefore },
      $or: [
        { createdAt: { $lt: abandonedBefore } },
        { outbox: { $elemMatch: { status: 'pending', attempts: 0 } } },
      ],
    })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<TLeanSubmission[]>();

    return docs.map(toSubmissionRecord);
  },

  /**
   * The backlog the metrics report: how many submissions still have a pending entry and when the
   * oldest of them was made. Both read only the sweep's small partial index.
   */
  async pendingBacklog(): Promise<{ submissions: number; oldestCreatedAt: Date | null }> {
    const [submissions, oldest] = await Promise.all([
      SubmissionModel.countDocuments({ hasPendingOutbox: true }),
      SubmissionModel.findOne({ hasPendingOutbox: true }, { createdAt: 1 })
        .sort({ createdAt: 1 })
        .lean<{ createdAt: Date }>(),
    ]);

    return { submissions, oldestCreatedAt: oldest?.createdAt ?? null };
  },
};
