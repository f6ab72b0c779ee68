import { outboxDeliveryRepository, webhookEndpointRepository } from '@formwell/db';

import { completeOutboxEntry } from '../../submissions/complete-outbox-entry.js';
import { failOutboxEntry } from '../../submissions/fail-outbox-entry.js';
import { deliverWebhookEvent, type TEndpointDisabledReason } from './deliver-webhook-event.js';
import type { TWebhookDeliveryConfig } from './webhook-delivery-config.js';
import { submissionCreatedPayload } from './webhook-payload.js';
import { withFileLinks } from '../../files/file-links.js';

/** The ids an outbox webhook job carries. */
export type TOutboxWebhookIds = {
  userId: string;
  formId: string;
  submissionId: string;
  entryId: string;
  endpointId: string;
};

export type TOutboxWebhookOutcome =
  | { status: 'delivered'; httpStatus: number | null }
  | { status: 'skipped'; reason: string }
  | {
      status: 'failed';
      /** False when retrying is pointless (endpoint disabled) or this was the last attempt. */
      retry: boolean;
      error: string;
      disabled: TEndpointDisabledReason | null;
    };

/** The `webhook-id` of a submission's delivery to one endpoint: one outbox entry, one id. */
export function outboxWebhookId(entryId: string): string {
  return `msg_${entryId}`;
}

/**
 * Runs one attempt of an outbox webhook entry. An entry already done is never redone (only closed
 * again, which repairs the pending flag of a run that died half-way); a submission
 * or endpoint that is gone, or an endpoint that is disabled, closes the entry without sending.
 * Success closes the entry; a failure is recorded on it and, on the last attempt or when the
 * endpoint got disabled, closes it too, so the sweep never starts it over.
 */
export async function deliverOutboxWebhook({
  ids,
  lastAttempt,
  config,
  now = new Date(),
}: {
  ids: TOutboxWebhookIds;
  lastAttempt: boolean;
  config: TWebhookDeliveryConfig;
  now?: Date;
}): Promise<TOutboxWebhookOutcome> {
  const { userId, formId, submissionId, entryId, endpointId } = ids;
  const submission = await outboxDeliveryRepository.findSubmission({ userId, formId, submissionId });
  const entry = submission?.outbox.find((item) => item.id === entryId);
  if (!submission || !entry) {
    return { status: 'skipped', reason: 'submission deleted' };
  }
  const close = () => completeOutboxEntry({ submissionId, entryId, now });
  if (entry.status === 'done') {
    // A run that died between marking the entry done and clearing the submission's pending flag
    // leaves the flag set; closing again (a no-op for the entry) clears it.
    await close();

    return { status: 'skipped', reason: 'already delivered' };
  }
  const endpoint = await webhookEndpointRepository.findById({ userId, endpointId });
  const followsForm = endpoint !== null && (endpoint.formId === formId || endpoint.formId === null);
  if (!endpoint || !followsForm || !endpoint.enabled) {
    await close();

    return { status: 'skipped', reason: endpoint ? 'endpoint disabled' : 'endpoint deleted' };
  }

  const { delivery, disabled } = await deliverWebhookEvent({
    endpoint,
    payload: submissionCreatedPayload({
      formId,
      submissionId,
      // Each file value gets a signed link that works for 7 days from this attempt.
      fields: await withFileLinks({
        submissionId,
        fields: submission.data,
        publicUrl: config.publicUrl,
        now,
      }),
      createdAt: submission.createdAt,
    }),
    webhookId: outboxWebhookId(entryId),
    submissionId,
    config,
    now,
  });
  if (delivery.status === 'success') {
    await close();

    return { status: 'delivered', httpStatus: delivery.httpStatus };
  }
  const error = delivery.error ?? 'failed';
  await failOutboxEntry({ submissionId, entryId, error });
  const retry = !lastAttempt && disabled === null;
  if (!retry) {
    await close();
  }

  return { status: 'failed', retry, error, disabled };
}
