import { randomBytes } from 'node:crypto';

import { loadOwnedEndpoint, type TOwnedEndpointIds } from '../load-owned-endpoint.js';
import { deliverWebhookEvent } from './deliver-webhook-event.js';
import type { TWebhookDeliveryConfig } from './webhook-delivery-config.js';
import { toWebhookDeliveryView, type TWebhookDeliveryView } from './webhook-delivery-view.js';
import { submissionCreatedPayload } from './webhook-payload.js';

/** The submission id a test event carries: recognisably not a real one. */
export const TEST_SUBMISSION_ID = 'test_submission';

export type SendTestWebhookOptions = TOwnedEndpointIds & {
  /** `services.config.webhooks`. */
  config: TWebhookDeliveryConfig;
  now?: Date;
  /** Set when a logged test event is sent again; a new one gets a fresh id. */
  webhookId?: string;
};

/**
 * Sends a sample `form.submission.created` event to the endpoint now (enabled or not), signed like
 * a real one, and answers the attempt as logged. A test never disables the endpoint for failing.
 */
export async function sendTestWebhook({
  userId,
  formId,
  endpointId,
  family,
  config,
  now = new Date(),
  webhookId = `msg_test_${randomBytes(12).toString('hex')}`,
}: SendTestWebhookOptions): Promise<TWebhookDeliveryView> {
  const endpoint = await loadOwnedEndpoint({ userId, formId, endpointId, ...(family ? { family } : {}) });
  const { delivery } = await deliverWebhookEvent({
    endpoint,
    payload: submissionCreatedPayload({
      formId,
      submissionId: TEST_SUBMISSION_ID,
      fields: { email: 'jane@example.com', message: 'This is a test event from Formwell.' },
      createdAt: now,
    }),
    webhookId,
    submissionId: null,
    test: true,
    config,
    now,
  });

  return toWebhookDeliveryView(delivery);
}
