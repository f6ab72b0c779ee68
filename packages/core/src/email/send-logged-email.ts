import { emailLogRepository } from '@formwell/db';

import { isPermanentSmtpError, type TEmailMessage, type TMailer } from './mailer.js';

/** What became of one email job: retried by the worker only when `retry` is true. */
export type TEmailOutcome =
  | { status: 'sent' | 'captured' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; retry: boolean; error: string };

/** Who and what a log entry is about: the message's key in the log and what it belongs to. */
type TEmailLogKey = {
  userId: string;
  formId: string | null;
  submissionId: string | null;
  entryId: string;
  kind: string;
};

/**
 * Records one message in the email log under `entryId` (one entry per message: false when it is
 * already there). The body is kept only for captured messages.
 */
export function logEmail({
  log,
  message,
  mailer,
  status,
  error = null,
  messageId = null,
  now,
}: {
  log: TEmailLogKey;
  message: TEmailMessage;
  mailer: Pick<TMailer, 'from'>;
  status: 'sent' | 'captured' | 'failed' | 'skipped';
  error?: string | null;
  messageId?: string | null;
  now: Date;
}): Promise<boolean> {
  return emailLogRepository.create({
    ...log,
    to: message.to,
    from: mailer.from,
    subject: message.subject,
    replyTo: message.replyTo ?? null,
    status,
    error,
    messageId,
    text: status === 'captured' ? message.text : null,
    html: status === 'captured' ? message.html : null,
    createdAt: now,
  });
}

/**
 * Sends one message and records it in the email log (so a retried job never logs twice). A 5xx
 * refusal or the last attempt is logged failed and not retried; other failures are left unlogged
 * for the retry.
 */
export async function sendLoggedEmail({
  log,
  message,
  mailer,
  lastAttempt,
  now = new Date(),
}: {
  log: TEmailLogKey;
  message: TEmailMessage;
  mailer: TMailer;
  lastAttempt: boolean;
  now?: Date;
}): Promise<TEmailOutcome> {
  try {
    const sent = await mailer.send(message);
    const status = sent.captured ? 'captured' : 'sent';
    await logEmail({ log, message, mailer, status, messageId: sent.messageId, now });

    return { status };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retry = !lastAttempt && !isPermanentSmtpError(error);
    if (!retry) {
      await logEmail({ log, message, mailer, status: 'failed', error: reason, now });
    }

    return { status: 'failed', retry, error: reason };
  }
}
