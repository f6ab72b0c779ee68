import { deleteRestHook } from '@formwell/core';

import { webhooksProcedure } from '../webhooks/webhook-paths.js';
import { deleteHookMeta, ZDeleteHookRequestSchema, ZDeleteHookResponseSchema } from './delete-hook.types.js';

export const deleteHookRoute = webhooksProcedure
  .meta(deleteHookMeta)
  .input(ZDeleteHookRequestSchema)
  .output(ZDeleteHookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    await deleteRestHook({ userId: ctx.actor.workspaceId, hookId: input.id });
    ctx.logger.info({ hookId: input.id }, 'rest hook unsubscribed');
  });
