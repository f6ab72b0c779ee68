import { createRestHook } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { webhooksProcedure } from '../webhooks/webhook-paths.js';
import { createHookMeta, ZCreateHookRequestSchema, ZCreateHookResponseSchema } from './create-hook.types.js';

export const createHookRoute = webhooksProcedure
  .meta(createHookMeta)
  .input(ZCreateHookRequestSchema)
  .output(ZCreateHookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { targetUrl, event, formId } = input;
    const created = await createRestHook({
      config: ctx.services.config,
      userId: ctx.actor.workspaceId,
      input: { targetUrl, event, ...(formId === undefined ? {} : { formId }) },
      onBumpFailed: logBumpFailure(ctx.logger, { formId: formId ?? null }),
    });
    ctx.logger.info({ formId: formId ?? null, hookId: created.id }, 'rest hook subscribed');

    return created;
  });
