import { createIntegration } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { webhooksProcedure } from '../webhooks/webhook-paths.js';
import {
  createIntegrationMeta,
  ZCreateIntegrationRequestSchema,
  ZCreateIntegrationResponseSchema,
} from './create-integration.types.js';

/** 201 (meta.successStatus) with the integration, its URL already masked. */
export const createIntegrationRoute = webhooksProcedure
  .meta(createIntegrationMeta)
  .input(ZCreateIntegrationRequestSchema)
  .output(ZCreateIntegrationResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, type, url } = input;
    const created = await createIntegration({
      config: ctx.services.config,
      userId: ctx.actor.workspaceId,
      formId,
      input: { type, url },
      onBumpFailed: logBumpFailure(ctx.logger, { formId }),
    });
    ctx.logger.info({ formId, integrationId: created.id, type }, 'integration created');

    return created;
  });
