import { emailLogRepository, userRepository, webhookEndpointRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TEndpointDisabledReason } from '../webhooks/delivery/deliver-webhook-event.js';
import { endpointDisabledEmail } from './endpoint-disabled-email.js';
import type { TMailer } from './mailer.js';

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
  config: Pick<TCoreConfig, 'publicUrl'>;
  now?: Date;
}): Promise<'sent' | 'captured' | 'failed' | 'skipped'> {
  if (await emailLogRepository.findByEntry({ entryId })) {
    return 'skipped';
  }
  const [user, endpoint] = await Promise.all([
    userRepository.findById({ userId }),
    webhookEndpointRepository.findById({ userId, endpointId }),
  ]);
  if (!user || !endpoint) {
    return 'skipped';
  }
  const message = endpointDisabledEmail({
    to: user.email,
    url: endpoint.url,
    reason,
    dashboardUrl: config.publicUrl,
  });
  let status: 'sent' | 'captured' | 'failed';
  let error: string | null = null;
  let messageId: string | null = null;
  try {
    const sent = await mailer.send(message);
    status = sent.captured ? 'captured' : 'sent';
    messageId = sent.messageId;
  } catch (cause) {
    status = 'failed';
    error = cause instanceof Error ? cause.message : String(cause);
  }
  await emailLogRepository.create({
    userId,
    formId,
    submissionId,
    entryId,
    kind: ENDPOINT_DISABLED_EMAIL_KIND,
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

  return status;
}
