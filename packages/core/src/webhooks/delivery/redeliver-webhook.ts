import { outboxDeliveryRepository, webhookDeliveryRepository } from '@formwell/db';

import { AppErrorCode } from '../../errors/app-error-code.js';
import { AppError } from '../../errors/app-error.js';
import { ErrorMessages } from '../../errors/error-messages.js';
import { loadOwnedEndpoint, type TOwnedEndpointIds } from '../load-owned-endpoint.js';
import { deliverWebhookEvent } from './deliver-webhook-event.js';
import { sendTestWebhook } from './send-test-webhook.js';
import type { TWebhookDeliveryConfig } from './webhook-delivery-config.js';
import { toWebhookDeliveryView, type TWebhookDeliveryView } from './webhook-delivery-view.js';
import { submissionCreatedPayload } from './webhook-payload.js';
import { withFileLinks } from '../../files/file-links.js';

export type RedeliverWebhookOptions = TOwnedEndpointIds & {
  deliveryId: string;
  /** `services.config.webhooks`. */
  config: TWebhookDeliveryConfig;
  now?: Date;
};

/**
 * Sends a logged event again, now, to its endpoint (even a disabled one: the owner asks for it),
 * with the same `webhook-id`, so a receiver that already has it can recognise the duplicate.
 * Answers the new attempt as logged.
 */
export async function redeliverWebhook({
  userId,
  formId,
  endpointId,
  family,
  deliveryId,
  config,
  now = new Date(),
}: RedeliverWebhookOptions): Promise<TWebhookDeliveryView> {
  const endpoint = await loadOwnedEndpoint({ userId, formId, endpointId, ...(family ? { family } : {}) });
  const original = await webhookDeliveryRepository.findById({ userId, deliveryId });
  if (!original || original.endpointId !== endpoint.id) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.WEBHOOK_DELIVERY_NOT_FOUND });
  }
  if (original.submissionId === null) {
    return sendTestWebhook({
      userId,
      formId,
      endpointId,
      ...(family ? { family } : {}),
      config,
      now,
      webhookId: original.webhookId,
    });
  }
  const submission = await outboxDeliveryRepository.findSubmission({
    userId,
    formId,
    submissionId: original.submissionId,
  });
  if (!submission) {
    throw new AppError(AppErrorCode.NOT_FOUND, {
      message: ErrorMessages.WEBHOOK_DELIVERY_SUBMISSION_GONE,
    });
  }
  const { delivery } = await deliverWebhookEvent({
    endpoint,
    payload: submissionCreatedPayload({
      formId,
      submissionId: submission.id,
      // Each file value gets a signed link that works for 7 days from this attempt.
      fields: await withFileLinks({
        submissionId: submission.id,
        fields: submission.data,
        publicUrl: config.publicUrl,
        now,
      }),
      createdAt: submission.createdAt,
    }),
    webhookId: original.webhookId,
    submissionId: submission.id,
    config,
    now,
  });

  return toWebhookDeliveryView(delivery);
}
