import { MonthlyUsageModel } from '../models/monthly-usage.js';
import { SubmissionModel, UNIQUE_EMAIL_INDEX } from '../models/submission.js';
import { bulkWriteIfSupported, namespaceOf, writeErrorAt } from './bulk-write.js';
import type { TBulkWriteModel } from './bulk-write-command.js';
import { formRepository } from './form.js';
import { formStatsRepository } from './form-stats.js';
import { isDuplicateKeyError, isDuplicateKeyOn } from './is-duplicate-key-error.js';
import { monthlyUsageRepository, quotaUnitWrite } from './monthly-usage.js';
import { newSubmissionDocument, submissionRepository, type TCreateSubmissionRecord } from './submission.js';
import { counterWrites, countPending, finishAnalyticsAfter } from './submission-counters.js';
import { toSubmissionRecord, type TSubmissionRecord } from './submission-record.js';

export type TStoreSubmissionResult =
  | { outcome: 'stored'; submission: TSubmissionRecord }
  | { outcome: 'overQuota'; used: number }
  | { outcome: 'duplicateEmail' }
  /** The form was deleted after the caller read it; nothing is kept and no quota is charged. */
  | { outcome: 'formGone' };

type TStoreSubmissionOptions = {
  record: TCreateSubmissionRecord;
  /** The usage month (`YYYY-MM`) the quota unit is taken from, and the plan's monthly limit. */
  month: string;
  quotaLimit: number;
};

const QUOTA_OP = 0;
const INSERT_OP = 1;
const COUNT_OP = 2;

/**
 * A submit's writes, in this order: take a unit of the month's quota (never past the limit, even
 * under concurrency), insert the submission (with its outbox), add it to its form's
 * `submissionCount`, and to the form's analytics (the totals, the month's and the day's quarters). On
 * MongoDB 8.0 and later they go as ONE ordered `bulkWrite` command: one round trip, and on the
 * embedded engine one journal commit, so after a crash either the submission and all its counts
 * exist or none of them does, and a 201 (sent after the command) means all of them are durable.
 * That is why the submission needs no "counters pending" mark and the counters remember no ids: no
 * later step can count it again. An older server answers that it does not know the command and
 * gets the writes one by one (storeInSteps), with the mark.
 *
 * Whatever fails after the quota unit was taken gives it back: a duplicate email, or a form deleted
 * after the caller read it (the submission and its analytics are deleted again; see
 * settleUncounted). A failure of the command itself (network) may or may not have written; the unit
 * then stays taken, which can only undercount what the user may still send, never let the quota be
 * exceeded.
 */
export async function storeSubmission(options: TStoreSubmissionOptions): Promise<TStoreSubmissionResult> {
  // A limit of 0 or less cannot take the upsert: it would create the month's counter with one unit.
  if (options.quotaLimit <= 0) {
    return storeInSteps(options);
  }
  const document = newSubmissionDocument(options.record, { marked: false });
  const quota = quotaUnitWrite({ owner: document.userId, month: options.month, limit: options.quotaLimit });
  const counters = counterWrites(
    { owner: document.userId, form: document.formId },
    { at: document.createdAt, ...document.meta },
    1,
  );
  const submission = toSubmissionRecord(document);
  const models: TBulkWriteModel[] = [
    { name: 'updateOne', namespace: namespaceOf(MonthlyUsageModel), ...quota, upsert: true },
    { name: 'insertOne', namespace: namespaceOf(SubmissionModel), document },
    ...counters,
  ];
  let result;
  try {
    // Errors only: the one outcome read on success, whether the form's count matched, follows
    // from the totals (below), so no reply item per write is built, sent and decoded.
    result = await bulkWriteIfSupported(SubmissionModel.db.getClient(), models, {
      ordered: true,
      errorsOnly: true,
    });
  } catch (error) {
    const quotaError = writeErrorAt(error, QUOTA_OP);
    // A full counter, or the loser of two first units of a month: the separate steps tell which.
    if (quotaError && isDuplicateKeyError(quotaError)) {
      return storeInSteps(options);
    }
    const insertError = writeErrorAt(error, INSERT_OP);
    if (insertError) {
      await releaseUnit(options);
      if (isDuplicateKeyOn(insertError, UNIQUE_EMAIL_INDEX)) {
        return { outcome: 'duplicateEmail' };
      }
      throw error;
    }
    // An analytics upsert that lost a race to create its document is written again; the form's
    // count came before it, but whether it matched is not reported: the form is read.
    await finishAnalyticsAfter(error, COUNT_OP, counters);

    return settleUncounted(options, submission);
  }
  if (!result) {
    return storeInSteps(options);
  }
  // Every other update is an upsert, which finds or creates its document (a full quota or a lost
  // race fails instead, above): so the form's count matched exactly when every update applied.
  const counted = result.updatesApplied === models.filter((model) => model.name === 'updateOne').length;

  return counted ? { outcome: 'stored', submission } : settleUncounted(options, submission);
}

/** The same writes as separate commands, each waiting for the one before. */
async function storeInSteps(options: TStoreSubmissionOptions): Promise<TStoreSubmissionResult> {
  const { record, month, quotaLimit } = options;
  const quota = await monthlyUsageRepository.consume({ userId: record.userId, month, limit: quotaLimit });
  if (!quota.ok) {
    return { outcome: 'overQuota', used: quota.used };
  }
  let submission: TSubmissionRecord;
  try {
    submission = await submissionRepository.create(record);
  } catch (error) {
    await releaseUnit(options);
    // Only the uniqueEmail index means "already submitted"; any other duplicate key (an `_id`
    // clash, an index an operator added) is a failure of its own, answered as a 500.
    if (isDuplicateKeyOn(error, UNIQUE_EMAIL_INDEX)) {
      return { outcome: 'duplicateEmail' };
    }
    throw error;
  }
  // Marked by its insert: taken here, or by the sweep when this process stops before it.
  const { counted, formFound } = await countPending(submission);

  return !counted || formFound ? { outcome: 'stored', submission } : settleUncounted(options, submission);
}

/**
 * The submit's count found no form to count in (or could not tell): a server's copy of a form can
 * be up to a minute old when Redis could not announce its deletion. If the form is still there the
 * submission is stored like any other; otherwise nothing is kept under a form nobody can read: the
 * submission is deleted, its quota unit given back, and the analytics documents its counting
 * created again for the gone form are deleted. Exported for its test.
 */
export async function settleUncounted(
  options: TStoreSubmissionOptions,
  submission: TSubmissionRecord,
): Promise<TStoreSubmissionResult> {
  const { userId, formId } = submission;
  if ((await formRepository.findById({ userId, formId })) !== null) {
    return { outcome: 'stored', submission };
  }
  await submissionRepository.delete({ userId, formId, submissionId: submission.id });
  await Promise.all([releaseUnit(options), formStatsRepository.deleteByForm({ userId, formId })]);

  return { outcome: 'formGone' };
}

function releaseUnit({ record, month }: TStoreSubmissionOptions): Promise<void> {
  return monthlyUsageRepository.release({ userId: record.userId, month });
}
