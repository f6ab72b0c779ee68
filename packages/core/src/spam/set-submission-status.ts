import {
  formRepository,
  formStatsRepository,
  isDuplicateKeyError,
  monthlyUsageRepository,
  spamFolderRepository,
  submissionRepository,
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
import { applySubmissionCounters } from '../submissions/apply-submission-counters.js';
import { uncountRemoved } from '../submissions/delete-submission.js';
import type { TOutboxItem } from '../submissions/outbox-item.js';
import { loadDeliveryTargets, planOutbox } from '../submissions/plan-outbox.js';
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
 * The answer, plus the side effects a release made the submission owe: the caller hands `outbox`
 * to the job producers. A release counts its analytics before this answer, so nothing is left for
 * after it.
 */
export type TSetSubmissionStatusResult = {
  submission: TSubmissionView;
  outbox: TOutboxItem[];
};

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
 * the webhooks. Marking a delivered submission spam withholds it as the classifier would have:
 * it leaves the form's count, the analytics and this month's quota, once however many marks race;
 * its emails and webhooks went out already and cannot be called back, so releasing it again counts
 * it once more and sends nothing twice.
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
    return { submission: toSubmissionView(current), outbox: [] };
  }
  if (status === 'spam') {
    return withdraw({ user, current, now });
  }
  if (current.withheld) {
    return release({ config, user, form, current, now });
  }
  // Spam that stayed counted (marked before a mark withheld delivered submissions) goes back as it is.
  const before = await spamFolderRepository.returnCounted(ids);
  if (before) {
    await learnSpamMark({
      workspaceId: user.id,
      data: before.data,
      learn: 'ham',
      unlearn: markKind(before.markedAs),
    });
  }

  return { submission: await currentView(ids), outbox: [] };
}

async function currentView(ids: { userId: string; formId: string; submissionId: string }) {
  const submission = await submissionRepository.findById(ids);
  if (!submission) {
    throw submissionNotFound();
  }

  return toSubmissionView(submission);
}

/**
 * A delivered submission marked spam. Its counting must have finished first (counted here when it
 * still carries its mark: an interrupted release, an insert on an older server; taking the mark
 * makes it once), so the lowering below takes away exactly what was added; the one conditional
 * update that files it is what makes a single mark of several racing ones do the lowering.
 */
/**
 * Whether a delivered submission's quota unit belongs to the current UTC month, the only month whose
 * usage a mark may change: the quota is per UTC month, and a month that has ended is settled. So
 * marking last month's submission spam gives nothing back (it must not refund this month's usage),
 * and marking it back charges nothing. The unit's month is the one the submission arrived in.
 */
function chargedThisMonth(current: TSubmissionRecord, now: Date): boolean {
  return usageMonth(current.createdAt) === usageMonth(now);
}

async function withdraw({
  user,
  current,
  now,
}: {
  user: SetSubmissionStatusOptions['user'];
  current: TSubmissionRecord;
  now: Date;
}): Promise<TSetSubmissionStatusResult> {
  const ids = { userId: user.id, formId: current.formId, submissionId: current.id };
  if (current.countersPending) {
    await applySubmissionCounters({ submission: current });
  }
  const before = await spamFolderRepository.withdraw({ ...ids, now });
  if (before) {
    await Promise.all([
      uncountRemoved(before),
      chargedThisMonth(current, now)
        ? monthlyUsageRepository.release({ userId: user.id, month: usageMonth(now) })
        : undefined,
      learnSpamMark({
        workspaceId: user.id,
        data: before.data,
        learn: 'spam',
        unlearn: markKind(before.markedAs),
      }),
    ]);
  }

  return { submission: await currentView(ids), outbox: [] };
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
  const { withdrawn } = current;
  // A withdrawn submission of an earlier month was never refunded (see chargedThisMonth): its unit
  // stays with that month, so bringing it back charges nothing. Anything else delivers now.
  const charges = !withdrawn || chargedThisMonth(current, now);
  if (charges) {
    const quota = await monthlyUsageRepository.consume({ userId: user.id, month, limit: user.quotaLimit });
    if (!quota.ok) {
      throw new AppError(AppErrorCode.FORBIDDEN, {
        message: ErrorMessages.monthlyLimit(quota.used, user.quotaLimit),
      });
    }
  }
  const giveBack = async () => {
    if (charges) {
      await monthlyUsageRepository.release({ userId: user.id, month });
    }
  };
  // A withdrawn submission's emails and webhooks went out when it was first delivered.
  const endpoints = withdrawn ? [] : await loadDeliveryTargets({ userId: user.id, form });
  const limits = config.plans[user.plan];
  let released;
  try {
    released = await spamFolderRepository.release({
      ...ids,
      withdrawn,
      // Confirmed as its submit would have been: only a submitter vouched for then (CAPTCHA, or a
      // key that is not origin-restricted), unless the form confirms unverified submitters.
      outbox: withdrawn
        ? []
        : planOutbox({
            form,
            limits,
            email: current.email,
            endpoints,
            submitterVerified: current.submitterVerified,
          }),
      ...(emailKey === undefined ? {} : { emailKey }),
    });
  } catch (error) {
    await giveBack();
    if (isDuplicateKeyError(error)) {
      throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.DUPLICATE_EMAIL });
    }
    throw error;
  }
  if (!released) {
    // Another release won: it delivers; this one answers with the submission as it is now.
    await giveBack();

    return { submission: await currentView(ids), outbox: [] };
  }
  if (withdrawn) {
    return recountWithdrawn({ user, current, released: released.before });
  }
  // Every count before the answer, as a submit's 201 promises. The move set the `countersPending`
  // mark, so an interruption here leaves it for the sweep or the next analytics read.
  await applySubmissionCounters({ submission: released.before });
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
    withdrawn: false,
    countersPending: false,
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
  };
}

/**
 * A withdrawn submission released: back into the count and the analytics before the answer. Plain
 * increments: only the one release that won the move gets here.
 */
async function recountWithdrawn({
  user,
  current,
  released,
}: {
  user: SetSubmissionStatusOptions['user'];
  current: TSubmissionRecord;
  released: TSubmissionRecord;
}): Promise<TSetSubmissionStatusResult> {
  const { formId, createdAt, meta } = current;
  await Promise.all([
    formRepository.incrementCounts({ userId: user.id, formId, by: { submissionCount: 1 } }),
    formStatsRepository.recordSubmission({
      userId: user.id,
      formId,
      at: createdAt,
      browser: meta.browser,
      country: meta.country,
    }),
    learnSpamMark({
      workspaceId: user.id,
      data: current.data,
      learn: 'ham',
      unlearn: markKind(released.markedAs),
    }),
  ]);
  const submission: TSubmissionRecord = {
    ...released,
    status: 'inbox',
    withheld: false,
    withdrawn: false,
    markedAs: 'inbox',
    spamSince: null,
  };

  return { submission: toSubmissionView(submission), outbox: [] };
}
