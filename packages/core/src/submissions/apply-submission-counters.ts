import {
  formRepository,
  formStatsRepository,
  submissionCountersRepository,
  type TSubmissionRecord,
} from '@formwell/db';

/**
 * A submission's counters: its form's `submissionCount` and the form's analytics (a totals document
 * and the month's bucket document). The submission's insert carries a `countersPending` mark, which
 * is cleared only once every counter includes it.
 *
 * Why it is safe without transactions: the mark is written by the submission's own insert, so a
 * crash after the insert leaves a visible "not counted yet" mark that reconcileSubmissionCounters
 * (the worker's sweep) picks up. Each counter update records the submission id on the counter
 * document in the same single-document update and skips ids it already has (count-once), so
 * applying twice, e.g. after a crash between the counters and the mark, never counts twice.
 *
 * The submit path splits the work to keep its round trips down: `submissionCount` before the 201
 * (storeSubmission, in the same command as the insert), the analytics once the response is sent (finishSubmissionCounters); a reader of
 * the analytics applies what is still pending first (applyPendingCountersOfForm), so analytics
 * include a submission as soon as its 201 is sent.
 */
type TCountedSubmission = Pick<TSubmissionRecord, 'id' | 'userId' | 'formId' | 'meta' | 'createdAt'>;

/**
 * Everything, then the mark: the sweep's and a deletion's way to finish an interrupted submit. Each
 * counter is re-applied only where its remembered window proves the submission was never counted
 * there (countOnce's `reapplying`): a busy form may have pushed an id counted long ago out of it.
 */
export async function applySubmissionCounters({
  submission,
}: {
  submission: TCountedSubmission;
}): Promise<void> {
  await Promise.all([
    formRepository.countSubmissionOnce({ ...idsOf(submission), reapplying: true }),
    countInAnalytics({ submission, reapplying: true }),
  ]);
  await submissionCountersRepository.markApplied({ submissionId: submission.id });
}

function idsOf({ id, userId, formId }: TCountedSubmission) {
  return { submissionId: id, userId, formId };
}

/**
 * The analytics, then the mark: what the submit path does after its response, the form already
 * counted. If it never runs (crash), the mark stays and the sweep or the next analytics read applies
 * everything, count-once.
 */
export async function finishSubmissionCounters({
  submission,
}: {
  submission: TCountedSubmission;
}): Promise<void> {
  // Usually one command: the analytics' write clears the mark too once it counted both documents.
  if (!(await countInAnalytics({ submission, clearMark: true }))) {
    await submissionCountersRepository.markApplied({ submissionId: submission.id });
  }
}

/** True when the mark was cleared with the counters (only asked for with `clearMark`). */
async function countInAnalytics({
  submission,
  reapplying = false,
  clearMark = false,
}: {
  submission: TCountedSubmission;
  reapplying?: boolean;
  clearMark?: boolean;
}): Promise<boolean> {
  const { id: submissionId, userId, formId, meta, createdAt } = submission;

  return formStatsRepository.recordSubmission({
    userId,
    formId,
    submissionId,
    reapplying,
    clearMark,
    at: createdAt,
    browser: meta.browser,
    country: meta.country,
  });
}

/**
 * How many in-flight submissions one analytics read finishes at most. Normally only the few whose
 * after-response work has not run yet are pending; after an outage the sweep does the bulk.
 */
const PENDING_APPLIED_PER_READ = 200;

/**
 * Before reading a form's analytics: applies the counters of its submissions still marked pending
 * (answered with a 201 whose after-response work has not run yet, or was lost in a crash), so the
 * analytics include every submission already answered. One indexed read when nothing is pending.
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
