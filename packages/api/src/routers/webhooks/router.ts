import { createRouter } from '../../trpc.js';
import { createWebhookRoute } from './create-webhook.js';
import { deleteWebhookRoute } from './delete-webhook.js';
import { getWebhookRoute } from './get-webhook.js';
import { listInboundEventsRoute } from './list-inbound-events.js';
import { listWebhookDeliveriesRoute } from './list-webhook-deliveries.js';
import { listWebhooksRoute } from './list-webhooks.js';
import { redeliverWebhookRoute } from './redeliver-webhook.js';
import { rotateWebhookSecretRoute } from './rotate-webhook-secret.js';
import { sendTestWebhookRoute } from './send-test-webhook.js';
import { updateWebhookRoute } from './update-webhook.js';

/**
 * Outbound webhook endpoints, for the dashboard and for keys alike, and the custom receiver's
 * inbound-event log (dashboard only).
 */
export const webhooksRouter = createRouter({
  list: listWebhooksRoute,
  create: createWebhookRoute,
  get: getWebhookRoute,
  update: updateWebhookRoute,
  delete: deleteWebhookRoute,
  rotateSecret: rotateWebhookSecretRoute,
  listDeliveries: listWebhookDeliveriesRoute,
  redeliver: redeliverWebhookRoute,
  sendTest: sendTestWebhookRoute,
  listInboundEvents: listInboundEventsRoute,
});
