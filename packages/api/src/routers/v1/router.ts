import { createRouter } from '../../trpc.js';
import { getFormAnalyticsRoute } from './forms/get-form-analytics.js';
import { getFormRoute } from './forms/get-form.js';
import { getUsersJoinedRoute } from './forms/get-users-joined.js';
import { listFormsRoute } from './forms/list-forms.js';
import { submitFormRoute } from './forms/submit-form.js';
import { listSubmissionsRoute } from './submissions/list-submissions.js';
import { createWebhookRoute } from './webhooks/create-webhook.js';
import { deleteWebhookRoute } from './webhooks/delete-webhook.js';
import { getWebhookRoute } from './webhooks/get-webhook.js';
import { listWebhookDeliveriesRoute } from './webhooks/list-webhook-deliveries.js';
import { listWebhooksRoute } from './webhooks/list-webhooks.js';
import { redeliverWebhookRoute } from './webhooks/redeliver-webhook.js';
import { rotateWebhookSecretRoute } from './webhooks/rotate-webhook-secret.js';
import { sendTestWebhookRoute } from './webhooks/send-test-webhook.js';
import { updateWebhookRoute } from './webhooks/update-webhook.js';

/**
 * The public REST API (/api/v1, API keys). Order matters: trpc-to-openapi matches paths in
 * definition order, so `/forms/list` must come before `/forms/{formId}`.
 */
export const v1Router = createRouter({
  listForms: listFormsRoute,
  submitForm: submitFormRoute,
  getForm: getFormRoute,
  getUsersJoined: getUsersJoinedRoute,
  getFormAnalytics: getFormAnalyticsRoute,
  listSubmissions: listSubmissionsRoute,
  listWebhooks: listWebhooksRoute,
  createWebhook: createWebhookRoute,
  getWebhook: getWebhookRoute,
  updateWebhook: updateWebhookRoute,
  deleteWebhook: deleteWebhookRoute,
  rotateWebhookSecret: rotateWebhookSecretRoute,
  listWebhookDeliveries: listWebhookDeliveriesRoute,
  redeliverWebhook: redeliverWebhookRoute,
  sendTestWebhook: sendTestWebhookRoute,
});
