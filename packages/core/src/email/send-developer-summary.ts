import { emailLogRepository, formRepository } from '@formwell/db';

import { findWorkspaceOwner } from '../workspaces/find-workspace-owner.js';
import type { TDeveloperSummaryJob } from '@formwell/jobs';

import type { TCoreConfig } from '../config/load-config.js';
import { sha256Hex } from '../crypto/sha256-hex.js';
import { developerRecipient } from './developer-recipient.js';
import { OWNER_NOT_VERIFIED, ownerAddressVerified } from './owner-address.js';
import { developerSummaryEmail } from './developer-summary-email.js';
import type { TMailer } from './mailer.js';
import { DEVELOPER_NOTIFICATIONS_PER_HOUR } from './send-submission-email.js';
import { sendLoggedEmail, type TEmailOutcome } from './send-logged-email.js';

export const DEVELOPER_SUMMARY_EMAIL_KIND = 'email.developer-summary';

const HOUR_MS = 3_600_000;

/**
 * The email log's key for one form's summary of one hour. It belongs to no outbox entry, so the
 * key is derived (a hash shaped like an ObjectId): a retried or re-enqueued job finds it and does
 * not send twice.
 */
function summaryEntryId(formId: string, hourStart: number): string {
  return sha256Hex(`developer-summary:${formId}:${hourStart}`).slice(0, 24);
}

/**
 * Sends a form's summary of one capped hour: how many developer notifications the cap skipped in
 * it. Runs once the hour is over, so the count is final; nothing is sent for a form gone or an
 * hour with nothing skipped.
 */
export async function sendDeveloperSummary({
  job,
  mailer,
  config,
  lastAttempt,
  now = new Date(),
}: {
  job: TDeveloperSummaryJob;
  mailer: TMailer;
  config: Pick<TCoreConfig, 'publicUrl'>;
  lastAttempt: boolean;
  now?: Date;
}): Promise<TEmailOutcome> {
  const { userId, formId, hourStart } = job;
  const entryId = summaryEntryId(formId, hourStart);
  if (await emailLogRepository.findByEntry({ entryId })) {
    return { status: 'skipped', reason: 'already sent' };
  }
  const [form, user, skipped] = await Promise.all([
    formRepository.findById({ userId, formId }),
    findWorkspaceOwner(userId),
    emailLogRepository.countSkippedForForm({
      formId,
      kind: 'email.developer',
      since: new Date(hourStart),
      until: new Date(hourStart + HOUR_MS),
    }),
  ]);
  if (!form || !user) {
    return { status: 'skipped', reason: 'form deleted' };
  }
  if (skipped === 0) {
    return { status: 'skipped', reason: 'nothing skipped' };
  }
  if (!form.emailSettings.developerEmail && !ownerAddressVerified(user)) {
    return { status: 'skipped', reason: OWNER_NOT_VERIFIED };
  }
  const message = developerSummaryEmail({
    to: developerRecipient(form.emailSettings.developerEmail, user.email),
    formName: form.name,
    skipped,
    limit: DEVELOPER_NOTIFICATIONS_PER_HOUR,
    hourStart: new Date(hourStart),
    dashboardUrl: config.publicUrl,
  });

  return sendLoggedEmail({
    log: { userId, formId, submissionId: null, entryId, kind: DEVELOPER_SUMMARY_EMAIL_KIND },
    message,
    mailer,
    lastAttempt,
    now,
  });
}
