import { createRouter } from '../../trpc.js';
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getWebhookRoute,
  listInboundEventsRoute,
  listWebhooksRoute,
  rotateWebhookSecretRoute,
  updateWebhookRoute,
} from './webhooks.js';

/** The dashboard's outbound webhook endpoints and the custom receiver's inbound-event log. */
export const webhooksRouter = createRouter({
  list: listWebhooksRoute,
  create: createWebhookRoute,
  get: getWebhookRoute,
  update: updateWebhookRoute,
  delete: deleteWebhookRoute,
  rotateSecret: rotateWebhookSecretRoute,
  listInboundEvents: listInboundEventsRoute,
});
