import { emailLogRepository, webhookEndpointRepository } from '@formwell/db';

import { findWorkspaceOwner } from '../workspaces/find-workspace-owner.js';

import type { TCoreConfig } from '../config/load-config.js';
import type { TEndpointDisabledReason } from '../webhooks/delivery/deliver-webhook-event.js';
import { displayEndpointUrl } from '../webhooks/display-endpoint-url.js';
import { endpointDisabledEmail } from './endpoint-disabled-email.js';
import type { TMailer } from './mailer.js';
import { OWNER_NOT_VERIFIED, ownerAddressVerified } from './owner-address.js';
import { logEmail, sendLoggedEmail } from './send-logged-email.js';

export const ENDPOINT_DISABLED_EMAIL_KIND = 'webhook.endpoint-disabled';

/**
 * Tells the owner that delivery disabled one of their endpoints. Logged under the outbox entry
 * whose attempt disabled it, so a retried job does not tell them twice. Best effort: a failure is
 * logged, never thrown (the delivery outcome stands either way).
 */
export async function notifyEndpointDisabled({
  userId,
  formId,
  endpointId,
  submissionId,
  entryId,
  reason,
  mailer,
  config,
  now = new Date(),
}: {
  userId: string;
  formId: string;
  endpointId: string;
  submissionId: string;
  entryId: string;
  reason: TEndpointDisabledReason;
  mailer: TMailer;
  config: Pick<TCoreConfig, 'publicUrl' | 'webhooks'>;
  now?: Date;
}): Promise<'sent' | 'captured' | 'failed' | 'skipped'> {
  if (await emailLogRepository.findByEntry({ entryId })) {
    return 'skipped';
  }
  const [user, endpoint] = await Promise.all([
    findWorkspaceOwner(userId),
    webhookEndpointRepository.findById({ userId, endpointId }),
  ]);
  if (!user || !endpoint) {
    return 'skipped';
  }
  const message = endpointDisabledEmail({
    to: user.email,
    url: displayEndpointUrl(endpoint),
    reason,
    failingForMs: config.webhooks.disableAfterFailingMs,
    dashboardUrl: config.publicUrl,
  });
  const log = { userId, formId, submissionId, entryId, kind: ENDPOINT_DISABLED_EMAIL_KIND };
  if (!ownerAddressVerified(user)) {
    await logEmail({ log, message, mailer, status: 'skipped', error: OWNER_NOT_VERIFIED, now });

    return 'skipped';
  }
  // One attempt, never retried: a failure is logged as final.
  const outcome = await sendLoggedEmail({ log, message, mailer, lastAttempt: true, now });

  return outcome.status;
}
