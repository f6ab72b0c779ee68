import { emailLogRepository } from '@formwell/db';

import { isPermanentSmtpError, type TEmailMessage, type TMailer } from './mailer.js';

/** What became of one email job: retried by the worker only when `retry` is true. */
export type TEmailOutcome =
  | { status: 'sent' | 'captured' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; retry: boolean; error: string };

/**
 * Sends one message and records it in the email log under `entryId` (one entry per message, so a
 * retried job never logs twice). A 5xx refusal or the last attempt is logged failed and not
 * retried; other failures are left unlogged for the retry. The body is kept only when captured.
 */
export async function sendLoggedEmail({
  log,
  message,
  mailer,
  lastAttempt,
  now = new Date(),
}: {
  log: { userId: string; formId: string | null; submissionId: string | null; entryId: string; kind: string };
  message: TEmailMessage;
  mailer: TMailer;
  lastAttempt: boolean;
  now?: Date;
}): Promise<TEmailOutcome> {
  const record = (status: 'sent' | 'captured' | 'failed', error: string | null, messageId: string | null) =>
    emailLogRepository.create({
      ...log,
      to: message.to,
      from: mailer.from,
      subject: message.subject,
      status,
      error,
      messageId,
      text: status === 'captured' ? message.text : null,
      html: status === 'captured' ? message.html : null,
      createdAt: now,
    });
  try {
    const sent = await mailer.send(message);
    const status = sent.captured ? 'captured' : 'sent';
    await record(status, null, sent.messageId);

    return { status };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retry = !lastAttempt && !isPermanentSmtpError(error);
    if (!retry) {
      await record('failed', reason, null);
    }

    return { status: 'failed', retry, error: reason };
  }
}
