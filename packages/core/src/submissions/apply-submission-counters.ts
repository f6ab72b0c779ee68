import {
  formRepository,
  formStatsRepository,
  submissionCountersRepository,
  type TSubmissionRecord,
} from '@formwell/db';

/**
 * Adds one submission to its form's `submissionCount` and analytics counters, then clears its
 * `countersPending` flag.
 *
 * Why it is safe without transactions: the flag is written by the submission's own insert, so a
 * crash after the insert leaves a visible "not counted yet" mark that reconcileSubmissionCounters
 * picks up. Each counter update records the submission id on the counter document in the same
 * single-document update and skips ids it already has (count-once), so applying twice, e.g. after
 * a crash between the counters and the flag, never counts twice. The flag is cleared only after
 * both counters include the submission.
 */
export async function applySubmissionCounters({
  submission,
}: {
  submission: TCountedSubmission;
}): Promise<void> {
  await countSubmission({ submission });
  await submissionCountersRepository.markApplied({ submissionId: submission.id });
}

type TCountedSubmission = Pick<TSubmissionRecord, 'id' | 'userId' | 'formId' | 'meta' | 'createdAt'>;

/**
 * The counters alone (count-once), leaving the `countersPending` flag set: the submit path counts
 * before answering and clears the flag after the response (an unclear flag only means the sweep
 * applies the counters again, which count-once turns into no change).
 */
export async function countSubmission({ submission }: { submission: TCountedSubmission }): Promise<void> {
  const { id: submissionId, userId, formId, meta, createdAt } = submission;
  await Promise.all([
    formRepository.countSubmissionOnce({ userId, formId, submissionId }),
    formStatsRepository.recordSubmission({
      userId,
      formId,
      submissionId,
      at: createdAt,
      browser: meta.browser,
      country: meta.country,
    }),
  ]);
}
