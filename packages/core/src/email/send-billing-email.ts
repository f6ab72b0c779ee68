import { billingEmailRepository, emailLogRepository, type TBillingEmailRecord } from '@formwell/db';

import { findWorkspaceOwner } from '../workspaces/find-workspace-owner.js';
import type { TBillingEmailJob } from '@formwell/jobs';

import {
  paymentFailedEmail,
  subscriptionCanceledEmail,
  subscriptionReactivatedEmail,
  welcomeEmail,
} from './billing-email-templates.js';
import type { TEmailMessage, TMailer } from './mailer.js';
import { OWNER_NOT_VERIFIED, ownerAddressVerified } from './owner-address.js';
import { logEmail, sendLoggedEmail, type TEmailOutcome } from './send-logged-email.js';

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

/**
 * Sends one billing email of the outbox to the account's address. An email done already, or
 * already in the email log (keyed by the outbox id), is not sent again. A 5xx refusal is permanent;
 * other failures are retried until the last attempt. Every failure counts on the outbox entry, and
 * the entry is closed once the email is sent or given up for good.
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
}): Promise<TEmailOutcome> {
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
  const user = await findWorkspaceOwner(email.userId);
  if (!user) {
    await close();

    return { status: 'skipped', reason: 'no recipient' };
  }
  const log = { userId: email.userId, formId: null, submissionId: null, entryId: emailId, kind: email.kind };
  const message = composeBillingEmail(email, user.email);
  if (!ownerAddressVerified(user)) {
    await logEmail({ log, message, mailer, status: 'skipped', error: OWNER_NOT_VERIFIED, now });
    await close();

    return { status: 'skipped', reason: OWNER_NOT_VERIFIED };
  }
  const outcome = await sendLoggedEmail({ log, message, mailer, lastAttempt, now });
  if (outcome.status === 'failed') {
    await billingEmailRepository.recordFailure({ emailId, error: outcome.error });
  }
  if (outcome.status !== 'failed' || !outcome.retry) {
    await close();
  }

  return outcome;
}
