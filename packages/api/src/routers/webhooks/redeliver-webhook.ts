import { redeliverWebhook } from '@formwell/core';

import { requireRight } from '../../actor/actor.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import {
  redeliverWebhookMeta,
  ZRedeliverWebhookRequestSchema,
  ZRedeliverWebhookResponseSchema,
} from './redeliver-webhook.types.js';
import { webhooksProcedure } from './webhook-paths.js';

export const redeliverWebhookRoute = webhooksProcedure
  .meta(redeliverWebhookMeta)
  .input(ZRedeliverWebhookRequestSchema)
  .output(ZRedeliverWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, webhookId, deliveryId } = input;
    // A redelivery sends a stored submission's data to the endpoint's current URL, which this same
    // scope may change: without the read scope as well, a webhooks-only key could read the past
    // submissions of the delivery log by pointing the endpoint at its own server first.
    requireRight(ctx.actor, apiKeyPolicies.submissionsList.scope);
    const attempt = await redeliverWebhook({
      userId: ctx.actor.workspaceId,
      formId,
      endpointId: webhookId,
      deliveryId,
      config: ctx.services.config.webhooks,
    });
    ctx.logger.info({ formId, webhookId, deliveryId, status: attempt.status }, 'webhook redelivered');

    return attempt;
  });
