import { countPending, submissionCountersRepository, type TSubmissionRecord } from '@formwell/db';

/**
 * A submission's counters: its form's `submissionCount` and the form's analytics (a totals document
 * and the day's quarter-hour document).
 *
 * A submit on MongoDB 8.0 counts them in the very command that inserts the submission
 * (storeSubmission): a 201 means the submission and all its counts are durable, and nothing is left
 * to do after the response. A submission that is counted later carries a `countersPending` mark: an
 * insert on an older server, a release from the spam folder. Counting it takes the mark in the
 * same single-document update that proves it was still there (countPending), so of the sweep, an
 * analytics read, a deletion and a spam mark racing for it exactly one counts it; no id is
 * remembered on the counters.
 */
type TCountedSubmission = Pick<TSubmissionRecord, 'id' | 'userId' | 'formId' | 'meta' | 'createdAt'>;

/**
 * Counts a marked submission unless someone else did: the sweep's, a deletion's and a spam mark's
 * way to finish an interrupted submit or release.
 */
export async function applySubmissionCounters({
  submission,
}: {
  submission: TCountedSubmission;
}): Promise<void> {
  await countPending(submission);
}

/**
 * How many in-flight submissions one analytics read finishes at most. Normally none is pending;
 * after an outage the sweep does the bulk.
 */
const PENDING_APPLIED_PER_READ = 200;

/**
 * Before reading a form's analytics: counts its submissions still marked pending (a release whose
 * counting was interrupted, an insert on an older server not counted yet), so the analytics include
 * every submission already answered. One indexed read of an index that is empty when nothing is
 * pending.
 */
export async function applyPendingCountersOfForm({
  userId,
  formId,
}: {
  userId: string;
  formId: string;
}): Promise<void> {
  const pending = await submissionCountersRepository.findPendingOfForm({
    userId,
    formId,
    limit: PENDING_APPLIED_PER_READ,
  });
  await Promise.all(pending.map((submission) => applySubmissionCounters({ submission })));
}
