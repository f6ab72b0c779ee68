import { withFileLinks } from '../files/file-links.js';
import {
  developerNotificationSlotRepository,
  emailLogRepository,
  formRepository,
  outboxDeliveryRepository,
} from '@formwell/db';

import type { TSubmissionEmailJob } from '@formwell/jobs';

import type { TCoreConfig } from '../config/load-config.js';
import { completeOutboxEntry } from '../submissions/complete-outbox-entry.js';
import { failOutboxEntry } from '../submissions/fail-outbox-entry.js';
import { instantRecipients, type TNotificationRecipient } from './recipients/instant-recipients.js';
import { logEmail, sendLoggedEmail, type TEmailOutcome } from './send-logged-email.js';
import type { TEmailMessage, TMailer } from './mailer.js';
import { formEmailTemplate, submissionEmail } from './submission-email-templates.js';

/** Developer notifications per form and clock hour; past it, one summary at the end of the hour. */
export const DEVELOPER_NOTIFICATIONS_PER_HOUR = 100;

/** The start of the clock hour (UTC) `now` is in: the window the notification cap counts in. */
export function notificationHourStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

/** The form's own page in the dashboard, where the owner sees this submission among the others. */
export function formPageUrl(publicUrl: string, formId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/forms/${encodeURIComponent(formId)}`;
}

/** Field labels by field name, for the fields that have one (names are for code, labels for people). */
export function fieldLabels(fields: readonly Record<string, unknown>[]): Record<string, string> {
  return Object.fromEntries(
    fields.flatMap((field) =>
      typeof field.name === 'string' && typeof field.label === 'string' ? [[field.name, field.label]] : [],
    ),
  );
}

export type TSubmissionEmailOutcome = TEmailOutcome;

/**
 * The per-recipient caps of submitter confirmations (kept by the worker in Redis). `take` answers
 * null when the address may get one more (and counts it), else why not; `giveBack` uncounts one
 * that was not sent after all, so only confirmations that went out count.
 */
export type TConfirmationCap = {
  take(ids: { tenantId: string; address: string }): Promise<string | null>;
  giveBack(ids: { tenantId: string; address: string }): Promise<void>;
};

/**
 * Sends one submission email of the outbox: the submitter's confirmation or the owner's
 * notification. An entry already done, or already in the email log, is not sent again. A 5xx
 * refusal is permanent (logged failed, not retried); other failures are retried until the last
 * attempt. The log keeps the body only of captured messages.
 */
export async function sendSubmissionEmail({
  job,
  mailer,
  config,
  lastAttempt,
  scheduleSummary,
  confirmationCap,
  now = new Date(),
}: {
  job: TSubmissionEmailJob;
  mailer: TMailer;
  config: Pick<TCoreConfig, 'publicUrl'>;
  lastAttempt: boolean;
  /**
   * Called when a notification is skipped by the hourly cap, before the skip is recorded, with the
   * hour's start: the worker schedules that hour's summary (once per form and hour). If it throws,
   * nothing is recorded and the job is retried.
   */
  scheduleSummary?: (hourStart: Date) => Promise<void>;
  /** Without one, confirmations are not capped (tests of other rules). */
  confirmationCap?: TConfirmationCap;
  now?: Date;
}): Promise<TSubmissionEmailOutcome> {
  const { kind, userId, formId, submissionId, entryId } = job;
  const submission = await outboxDeliveryRepository.findSubmission({ userId, formId, submissionId });
  const entry = submission?.outbox.find((item) => item.id === entryId);
  if (!submission || !entry) {
    return { status: 'skipped', reason: 'submission deleted' };
  }
  const close = () => completeOutboxEntry({ submissionId, entryId, now });
  if (entry.status === 'done') {
    // As for webhooks: closing again clears the pending flag a run that died half-way left set.
    await close();

    return { status: 'skipped', reason: 'already sent' };
  }
  const form = await formRepository.findById({ userId, formId });
  const recipients: TNotificationRecipient[] = !form
    ? []
    : kind === 'email.confirmation'
      ? submission.email
        ? [{ to: submission.email, entryId }]
        : []
      : await instantRecipients({
          workspaceId: userId,
          formId,
          entryId,
          developerEmail: form.emailSettings.developerEmail ?? null,
          submittedAt: submission.createdAt,
          publicUrl: config.publicUrl,
        });
  const pending: TNotificationRecipient[] = [];
  for (const recipient of recipients) {
    if (!(await emailLogRepository.findByEntry({ entryId: recipient.entryId }))) {
      pending.push(recipient);
    }
  }
  if (!form || pending.length === 0) {
    await close();

    return { status: 'skipped', reason: recipients.length > 0 ? 'already sent' : 'no recipient' };
  }
  // Each file value gets a signed link for 7 days from now, as in webhooks.
  const fields = await withFileLinks({
    submissionId: submission.id,
    fields: submission.data,
    publicUrl: config.publicUrl,
  });
  const confirmation = kind === 'email.confirmation';
  const template = formEmailTemplate(confirmation ? 'confirmation' : 'notification', form.emailSettings, {
    mayQuoteSubmitter: !confirmation || entry.submitterVerified,
  });
  const context = {
    formName: form.name,
    formUrl: formPageUrl(config.publicUrl, formId),
    submissionId: submission.id,
    submissionCreatedAt: submission.createdAt,
    fields,
    labels: fieldLabels(form.fields),
  };
  // The submission's `email` is only ever a validated address (see submissionEmail), or null.
  const replyTo = confirmation ? (form.emailSettings.replyTo ?? null) : submission.email;
  const messages = pending.map((recipient) => ({
    log: { userId, formId, submissionId, entryId: recipient.entryId, kind },
    message: submissionEmail({
      to: recipient.to,
      replyTo,
      template,
      context,
      unsubscribeUrl: recipient.unsubscribeUrl ?? null,
      oneClickUnsubscribeUrl: recipient.oneClickUnsubscribeUrl ?? null,
    }),
  }));
  const [first] = messages as [(typeof messages)[number], ...typeof messages];
  const skip = async (reason: string): Promise<TSubmissionEmailOutcome> => {
    await logEmail({ ...first, mailer, status: 'skipped', error: reason, now });
    await close();

    return { status: 'skipped', reason };
  };
  if (entry.skipReason) {
    return skip(entry.skipReason);
  }
  const heldReasons = pending.flatMap((recipient) => (recipient.held ? [recipient.held] : []));
  if (heldReasons.length > 0) {
    for (const [index, item] of messages.entries()) {
      const reason = pending[index]?.held;
      if (reason) {
        await logEmail({ ...item, mailer, status: 'skipped', error: reason, now });
      }
    }
    messages.splice(0, messages.length, ...messages.filter((_, index) => !pending[index]?.held));
    if (messages.length === 0) {
      await close();

      return { status: 'skipped', reason: heldReasons[0] ?? 'no recipient' };
    }
  }
  // The tenant is the form's workspace; the address is counted as the message will be sent to.
  const capped = confirmation && confirmationCap ? { tenantId: userId, address: first.message.to } : null;
  if (capped && confirmationCap) {
    const reason = await confirmationCap.take(capped);
    if (reason !== null) {
      return skip(reason);
    }
  }

  // A notification takes one of its hour's slots before it is sent (one atomic update), so jobs
  // running at once can never send more than the cap. One slot per submission, whoever gets it.
  const slot = kind === 'email.developer' ? { userId, formId, hourStart: notificationHourStart(now) } : null;
  if (
    slot &&
    !(await developerNotificationSlotRepository.reserve({ ...slot, max: DEVELOPER_NOTIFICATIONS_PER_HOUR }))
  ) {
    await scheduleSummary?.(slot.hourStart);
    await logEmail({ ...first, mailer, status: 'skipped', error: 'hourly notification limit reached', now });
    await close();

    return { status: 'skipped', reason: 'hourly limit' };
  }

  const outcome = await sendWithinSlot(slot, async () => {
    let sent: TEmailOutcome | undefined;
    try {
      sent = await sendEach(messages, mailer, { lastAttempt, now });

      return sent;
    } finally {
      if (capped && confirmationCap && sent?.status !== 'sent' && sent?.status !== 'captured') {
        await confirmationCap.giveBack(capped);
      }
    }
  });
  if (outcome.status === 'failed') {
    // The entry stays pending with its failure recorded; given up for good, it is closed.
    await failOutboxEntry({ submissionId, entryId, error: outcome.error });
    if (outcome.retry) {
      return outcome;
    }
  }
  await close();

  return outcome;
}

/**
 * Sends the messages one after the other; the first failure to retry stops the run (the job is
 * retried, and the messages already logged are not sent again).
 */
async function sendEach(
  messages: { log: Parameters<typeof sendLoggedEmail>[0]['log']; message: TEmailMessage }[],
  mailer: TMailer,
  { lastAttempt, now }: { lastAttempt: boolean; now: Date },
): Promise<TEmailOutcome> {
  let outcome: TEmailOutcome = { status: 'skipped', reason: 'no recipient' };
  for (const { log, message } of messages) {
    const sent = await sendLoggedEmail({ log, message, mailer, lastAttempt, now });
    if (sent.status === 'failed' && sent.retry) {
      return sent;
    }
    outcome = outcome.status === 'failed' ? outcome : sent;
  }

  return outcome;
}

/**
 * Sends under a notification slot taken for it, and gives the slot back when nothing went out (a
 * failure, retried or not, or a throw): only notifications sent count toward the hour's cap.
 */
async function sendWithinSlot(
  slot: { userId: string; formId: string; hourStart: Date } | null,
  send: () => Promise<TEmailOutcome>,
): Promise<TEmailOutcome> {
  let outcome: TEmailOutcome | undefined;
  try {
    outcome = await send();

    return outcome;
  } finally {
    if (slot && outcome?.status !== 'sent' && outcome?.status !== 'captured') {
      await developerNotificationSlotRepository.release(slot);
    }
  }
}
