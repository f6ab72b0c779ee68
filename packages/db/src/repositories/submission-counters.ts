import type { Types } from 'mongoose';

import { FormModel } from '../models/form.js';
import { PENDING_OF_FORM_INDEX, SubmissionModel } from '../models/submission.js';
import { bulkWriteIfSupported, namespaceOf, writeErrorAt } from './bulk-write.js';
import type { TBulkWriteModel } from './bulk-write-command.js';
import { findFlaggedSubmissions } from './find-flagged-submissions.js';
import { analyticsWrites, writeAnalyticsApart, type TCountedSubmission } from './form-stats.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds, type TOwnedIds } from './owned-ids.js';
import { toSubmissionRecord, type TLeanSubmission, type TSubmissionRecord } from './submission-record.js';

/** The form's `submissionCount` moved by one submission. */
function submissionCountWrite(ids: TOwnedIds, by: 1 | -1): TBulkWriteModel {
  return {
    name: 'updateOne',
    namespace: namespaceOf(FormModel),
    filter: { _id: ids.form, userId: ids.owner },
    update: { $inc: { submissionCount: by, countsVersion: 1 } },
  };
}

/**
 * Every counter one submission is in: its form's `submissionCount`, then the analytics' totals,
 * month and day documents (analyticsWrites), in that order.
 */
export function counterWrites(ids: TOwnedIds, submission: TCountedSubmission, by: 1 | -1): TBulkWriteModel[] {
  return [submissionCountWrite(ids, by), ...analyticsWrites(ids, submission, by)];
}

/**
 * counterWrites one by one, the form's count left out when `withForm` is false; true when the
 * form's count matched its form.
 */
async function writeCountersApart(writes: TBulkWriteModel[], withForm = true): Promise<boolean> {
  const [form, ...analytics] = writes;
  const [result] = await Promise.all([
    withForm && form?.name === 'updateOne' ? FormModel.collection.updateOne(form.filter, form.update) : null,
    writeAnalyticsApart(analytics),
  ]);

  return result?.matchedCount === 1;
}

/**
 * After an ordered bulkWrite of `[...before, ...counterWrites]` failed: when the failure is a
 * unique index met by an analytics upsert (a server that did not retry a lost race to create the
 * document), everything before it was written, and the analytics from that one on are written
 * again one by one (the document exists now). Anything else is thrown again.
 */
export async function finishAnalyticsAfter(
  error: unknown,
  before: number,
  writes: TBulkWriteModel[],
): Promise<void> {
  const analytics = writes.slice(1);
  for (const [offset] of analytics.entries()) {
    const failed = writeErrorAt(error, before + 1 + offset);
    if (failed && isDuplicateKeyError(failed)) {
      return writeAnalyticsApart(analytics.slice(offset));
    }
  }
  throw error;
}

/**
 * Takes the submission's "counters pending" mark: the one step of counting a marked submission
 * that only one of several racing counters can win. As an upsert it fails on the unique `_id` when
 * the submission exists without the mark (counted already), which stops an ordered bulkWrite before
 * the counters that follow it; when the submission is gone it inserts a bare `{_id}`, which the
 * caller deletes and undoes (see countPending).
 */
function claimWrite(submissionId: Types.ObjectId) {
  return {
    name: 'updateOne' as const,
    namespace: namespaceOf(SubmissionModel),
    filter: { _id: submissionId, countersPending: true },
    update: { $unset: { countersPending: '' } },
    upsert: true,
  } satisfies TBulkWriteModel;
}

type TCountable = Pick<TSubmissionRecord, 'id' | 'userId' | 'formId' | 'createdAt'> & {
  meta: { browser: string; country: string };
};

export type TCountOutcome = {
  /** This call counted the submission (it held the mark and took it). */
  counted: boolean;
  /** When counted: the form's count matched its form (false: the form is gone). */
  formFound: boolean;
};

const NOT_COUNTED: TCountOutcome = { counted: false, formFound: false };

/**
 * Counts a submission whose insert (or release from the spam folder) left the `countersPending`
 * mark: takes the mark and adds it to every counter, exactly once however many callers race (the
 * sweep, an analytics read, a deletion, a spam mark). No id is remembered on the counters: the mark
 * on the submission itself is what says whether it was counted, and taking it is one atomic update.
 *
 * On MongoDB 8.0 the mark and the counters go as ONE ordered bulkWrite, which the embedded engine
 * journals as one commit: after a crash either all of it happened or none, and the sweep finds the
 * mark again. On an older server the mark is taken first and the counters follow: a crash between
 * the two leaves that submission out of its counters (never in them twice) until `formwell
 * analytics rebuild`; submits only mark on such servers.
 */
export async function countPending(submission: TCountable): Promise<TCountOutcome> {
  const _id = toObjectId(submission.id);

  return withOwnedIds(submission, NOT_COUNTED, async (ids) => {
    if (!_id) {
      return NOT_COUNTED;
    }
    const counted = { at: submission.createdAt, ...submission.meta };
    const writes = counterWrites(ids, counted, 1);
    const claim = claimWrite(_id);
    let result;
    try {
      result = await bulkWriteIfSupported(SubmissionModel.db.getClient(), [claim, ...writes], {
        ordered: true,
      });
    } catch (error) {
      const claimError = writeErrorAt(error, 0);
      if (claimError && isDuplicateKeyError(claimError)) {
        return NOT_COUNTED;
      }
      await finishAnalyticsAfter(error, 1, writes);

      // The form's count was written before the failed write; whether it matched is not reported.
      return { counted: true, formFound: true };
    }
    if (!result) {
      const taken = await SubmissionModel.collection.updateOne(claim.filter, claim.update);
      if (taken.modifiedCount !== 1) {
        return NOT_COUNTED;
      }

      return { counted: true, formFound: await writeCountersApart(writes) };
    }
    const formFound = result.updateResults.get(1)?.matchedCount === 1;
    if (result.updateResults.get(0)?.upserted) {
      // Deleted while it was being counted: nothing of it may stay.
      await Promise.all([
        SubmissionModel.collection.deleteOne({ _id, formId: { $exists: false } }),
        writeCountersApart(counterWrites(ids, counted, -1), formFound),
      ]);

      return NOT_COUNTED;
    }

    return { counted: true, formFound };
  });
}

/**
 * The `countersPending` mark of submissions: set by an insert on a server older than 8.0 and by a
 * release from the spam folder, taken by countPending. System operations (the sweep acts for every
 * owner), addressed by submission id.
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
   * form's analytics counts first. Owner-scoped; hinted to the partial index that holds only the
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
};
