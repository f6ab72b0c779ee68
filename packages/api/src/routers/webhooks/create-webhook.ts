import { createWebhookEndpoint } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { authedProcedure } from '../../session/authed-procedure.js';
import { ZCreateWebhookRequestSchema, ZCreateWebhookResponseSchema } from './create-webhook.types.js';

/** Registers an endpoint; the secret is returned once and never logged. */
export const createWebhookRoute = authedProcedure
  .input(ZCreateWebhookRequestSchema)
  .output(ZCreateWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, url, description, enabled, events, headers } = input;
    const created = await createWebhookEndpoint({
      config: ctx.services.config,
      userId: ctx.user.id,
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
