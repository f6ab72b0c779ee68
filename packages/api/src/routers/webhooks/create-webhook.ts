import { createWebhookEndpoint } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import {
  createWebhookMeta,
  ZCreateWebhookRequestSchema,
  ZCreateWebhookResponseSchema,
} from './create-webhook.types.js';
import { webhooksProcedure } from './webhook-paths.js';

/** 201 (meta.successStatus); the only answer besides rotation that carries the secret. */
export const createWebhookRoute = webhooksProcedure
  .meta(createWebhookMeta)
  .input(ZCreateWebhookRequestSchema)
  .output(ZCreateWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, url, description, enabled, events, headers } = input;
    const created = await createWebhookEndpoint({
      config: ctx.services.config,
      userId: ctx.actor.workspaceId,
      formId,
      url,
      description,
      enabled,
      events,
      headers,
      onBumpFailed: logBumpFailure(ctx.logger, { formId }),
    });
    ctx.logger.info({ formId, webhookId: created.id }, 'webhook endpoint created');

    return created;
  });
