import {
  billingEmailRepository,
  emailLogRepository,
  userRepository,
  type TBillingEmailRecord,
} from '@formwell/db';
import type { TBillingEmailJob } from '@formwell/jobs';

import {
  paymentFailedEmail,
  subscriptionCanceledEmail,
  subscriptionReactivatedEmail,
  welcomeEmail,
} from './billing-email-templates.js';
import { isPermanentSmtpError, type TEmailMessage, type TMailer } from './mailer.js';

function composeBillingEmail(email: TBillingEmailRecord, to: string): TEmailMessage {
  const plan = email.plan ?? 'paid';
  switch (email.kind) {
    case 'billing.payment-failed':
      return paymentFailedEmail({
        to,
        plan,
        attemptNumber: email.attemptNumber ?? 1,
        nextRetryAt: email.nextRetryAt,
        updateUrl: email.actionUrl,
      });
    case 'billing.canceled':
      return subscriptionCanceledEmail({ to, plan, reactivateUrl: email.actionUrl });
    case 'billing.reactivated':
      return subscriptionReactivatedEmail({ to, plan, billingUrl: email.actionUrl });
    case 'billing.welcome':
      return welcomeEmail({ to, plan, billingUrl: email.actionUrl });
  }
}

export type TBillingEmailOutcome =
  | { status: 'sent' | 'captured' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; retry: boolean; error: string };

/**
 * Sends one billing email of the outbox to the account's address. An email done already, or
 * already in the email log (keyed by the outbox id), is not sent again. A 5xx refusal is permanent;
 * other failures are retried until the last attempt.
 */
export async function sendBillingEmail({
  job,
  mailer,
  lastAttempt,
  now = new Date(),
}: {
  job: TBillingEmailJob;
  mailer: TMailer;
  lastAttempt: boolean;
  now?: Date;
}): Promise<TBillingEmailOutcome> {
  const { emailId } = job;
  const email = await billingEmailRepository.findById({ emailId });
  if (!email || email.status === 'done') {
    return { status: 'skipped', reason: 'already sent' };
  }
  const close = () => billingEmailRepository.markDone({ emailId, now });
  if (await emailLogRepository.findByEntry({ entryId: emailId })) {
    await close();

    return { status: 'skipped', reason: 'already sent' };
  }
  const user = await userRepository.findById({ userId: email.userId });
  if (!user) {
    await close();

    return { status: 'skipped', reason: 'no recipient' };
  }
  const message = composeBillingEmail(email, user.email);
  const log = (
    status: 'sent' | 'captured' | 'failed',
    extra: { error?: string; messageId?: string | null } = {},
  ) =>
    emailLogRepository.create({
      userId: email.userId,
      formId: null,
      submissionId: null,
      entryId: emailId,
      kind: email.kind,
      to: message.to,
      from: mailer.from,
      subject: message.subject,
      status,
      error: extra.error ?? null,
      messageId: extra.messageId ?? null,
      text: status === 'captured' ? message.text : null,
      html: status === 'captured' ? message.html : null,
      createdAt: now,
    });

  try {
    const sent = await mailer.send(message);
    const status = sent.captured ? 'captured' : 'sent';
    await log(status, { messageId: sent.messageId });
    await close();

    return { status };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await billingEmailRepository.recordFailure({ emailId, error: reason });
    const retry = !lastAttempt && !isPermanentSmtpError(error);
    if (!retry) {
      await log('failed', { error: reason });
      await close();
    }

    return { status: 'failed', retry, error: reason };
  }
}
