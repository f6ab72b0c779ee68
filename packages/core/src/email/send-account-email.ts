import { accountEmailRepository } from '@formwell/db';
import type { TAccountEmailJob } from '@formwell/jobs';

import type { TMailer } from './mailer.js';
import { sendLoggedEmail, type TEmailOutcome } from './send-logged-email.js';

/**
 * Sends one stored account email (worker). The email log, keyed by the stored message's id, makes
 * a retried job send it once; the stored message (with its one-time link) is deleted once sent or
 * given up, and one that is gone (sent already, or expired) is skipped.
 */
export async function sendAccountEmail({
  job,
  mailer,
  lastAttempt,
  now = new Date(),
}: {
  job: TAccountEmailJob;
  mailer: TMailer;
  lastAttempt: boolean;
  now?: Date;
}): Promise<TEmailOutcome> {
  const { emailId } = job;
  const email = await accountEmailRepository.findById({ emailId });
  if (!email) {
    return { status: 'skipped', reason: 'already sent or expired' };
  }
  const outcome = await sendLoggedEmail({
    log: { userId: email.ownerId, formId: null, submissionId: null, entryId: emailId, kind: email.kind },
    message: { to: email.to, subject: email.subject, text: email.text, html: email.html },
    mailer,
    lastAttempt,
    now,
  });
  if (outcome.status !== 'failed' || !outcome.retry) {
    await accountEmailRepository.delete({ emailId });
  }

  return outcome;
}
