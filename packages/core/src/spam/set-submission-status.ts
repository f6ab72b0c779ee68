import {
  formRepository,
  isDuplicateKeyError,
  monthlyUsageRepository,
  spamFolderRepository,
  submissionRepository,
  webhookEndpointRepository,
  type TFormRecord,
  type TSpamMarkKind,
  type TSubmissionRecord,
  type TSubmissionStatus,
} from '@formwell/db';
import { z } from 'zod';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { finishSubmissionCounters } from '../submissions/apply-submission-counters.js';
import type { TOutboxItem } from '../submissions/outbox-item.js';
import { planOutbox } from '../submissions/plan-outbox.js';
import { uniqueEmailKey } from '../submissions/submission-email.js';
import {
  toSubmissionView,
  ZSubmissionStatusSchema,
  type TSubmissionView,
} from '../submissions/submission-view.js';
import { usageMonth } from '../submissions/usage-month.js';
import { learnSpamMark } from './workspace-spam-model.js';

export const ZSetSubmissionStatusInputSchema = z.object({ status: ZSubmissionStatusSchema });

export type SetSubmissionStatusOptions = {
  config: TCoreConfig;
  /** The actor's tenant (today the owner user) with its plan: whose quota a release takes. */
  user: { id: string; plan: TPlan; quotaLimit: number };
  formId: string;
  submissionId: string;
  input: { status: unknown };
  now?: Date;
};

/**
 * The answer, plus what the caller does after answering when a release made the submission owe its
 * side effects: hand `outbox` to the job producers, then run `settle` (the analytics).
 */
export type TSetSubmissionStatusResult = {
  submission: TSubmissionView;
  outbox: TOutboxItem[];
  settle: () => Promise<void>;
};

const settled = () => Promise.resolve();
const markKind = (status: TSubmissionStatus | null): TSpamMarkKind | null =>
  status === null ? null : status === 'spam' ? 'spam' : 'ham';

function submissionNotFound(): AppError {
  return new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.SUBMISSION_NOT_FOUND });
}

/**
 * The owner's "spam" / "not spam" mark (PATCH of one submission, the dashboard's buttons). The
 * workspace's model learns each change of mark once. Releasing spam the classifier withheld gives
 * it, exactly once however many releases race, everything it skipped as a new submission gets it:
 * a quota unit (403 when the month is used up), the form's count, the analytics, the emails and
 * the webhooks. Marking a delivered submission spam only files it away: what it did cannot be undone.
 */
export async function setSubmissionStatus({
  config,
  user,
  formId,
  submissionId,
  input,
  now = new Date(),
}: SetSubmissionStatusOptions): Promise<TSetSubmissionStatusResult> {
  const { status } = parseInput(ZSetSubmissionStatusInputSchema, input);
  const form = await loadOwnedForm({ userId: user.id, formId, foreign: 'forbidden' });
  const ids = { userId: user.id, formId: form.id, submissionId };
  const current = await submissionRepository.findById(ids);
  if (!current) {
    throw submissionNotFound();
  }
  if (current.status === status) {
    return { submission: toSubmissionView(current), outbox: [], settle: settled };
  }
  if (current.withheld && status === 'inbox') {
    return release({ config, user, form, current, now });
  }
  const before = await spamFolderRepository.move({ ...ids, status, now });
  if (before) {
    await learnSpamMark({
      workspaceId: user.id,
      data: before.data,
      learn: status === 'spam' ? 'spam' : 'ham',
      unlearn: markKind(before.markedAs),
    });
  }

  return { submission: await currentView(ids), outbox: [], settle: settled };
}

async function currentView(ids: { userId: string; formId: string; submissionId: string }) {
  const submission = await submissionRepository.findById(ids);
  if (!submission) {
    throw submissionNotFound();
  }

  return toSubmissionView(submission);
}

async function release({
  config,
  user,
  form,
  current,
  now,
}: {
  config: TCoreConfig;
  user: SetSubmissionStatusOptions['user'];
  form: TFormRecord;
  current: TSubmissionRecord;
  now: Date;
}): Promise<TSetSubmissionStatusResult> {
  const ids = { userId: user.id, formId: form.id, submissionId: current.id };
  const month = usageMonth(now);
  const emailKey = form.uniqueEmail
    ? (uniqueEmailKey({ email: current.email, data: current.data }) ?? undefined)
    : undefined;
  // The unit first, then the move: a lost race gives the unit back; a won one never overshoots.
  const quota = await monthlyUsageRepository.consume({ userId: user.id, month, limit: user.quotaLimit });
  if (!quota.ok) {
    throw new AppError(AppErrorCode.FORBIDDEN, {
      message: ErrorMessages.monthlyLimit(quota.used, user.quotaLimit),
    });
  }
  const endpoints =
    form.webhookCount === 0
      ? []
      : await webhookEndpointRepository.listByForm({ userId: user.id, formId: form.id });
  const limits = config.plans[user.plan];
  let released;
  try {
    released = await spamFolderRepository.release({
      ...ids,
      outbox: planOutbox({ form, limits, email: current.email, endpoints }),
      ...(emailKey === undefined ? {} : { emailKey }),
    });
  } catch (error) {
    await monthlyUsageRepository.release({ userId: user.id, month });
    if (isDuplicateKeyError(error)) {
      throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.DUPLICATE_EMAIL });
    }
    throw error;
  }
  if (!released) {
    // Another release won: it delivers; this one answers with the submission as it is now.
    await monthlyUsageRepository.release({ userId: user.id, month });

    return { submission: await currentView(ids), outbox: [], settle: settled };
  }
  // The form's count before the answer, as a submit's 201 promises; the analytics after it (the
  // `countersPending` mark the move set lets the sweep or the next analytics read finish them).
  await formRepository.countSubmissionOnce(ids);
  await learnSpamMark({
    workspaceId: user.id,
    data: current.data,
    learn: 'ham',
    unlearn: markKind(released.before.markedAs),
  });
  const submission: TSubmissionRecord = {
    ...released.before,
    status: 'inbox',
    withheld: false,
    countersPending: true,
    markedAs: 'inbox',
    spamSince: null,
  };

  return {
    submission: toSubmissionView(submission),
    outbox: released.outbox.map((entry) => ({
      submissionId: current.id,
      entryId: entry._id.toString(),
      formId: form.id,
      userId: user.id,
      kind: entry.kind,
      endpointId: entry.endpointId ? entry.endpointId.toString() : null,
      requestId: current.requestId,
    })),
    settle: () => finishSubmissionCounters({ submission }),
  };
}
