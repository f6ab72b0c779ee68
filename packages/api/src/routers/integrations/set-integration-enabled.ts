import { setIntegrationEnabled, ZIntegrationViewSchema } from '@formwell/core';
import { z } from 'zod';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZIntegrationPathSchema } from './integration-paths.js';

/** The dashboard's on/off switch (no REST face: the API deletes and re-adds instead). */
export const setIntegrationEnabledRoute = sessionProcedure
  .input(ZIntegrationPathSchema.extend({ enabled: z.boolean() }))
  .output(ZIntegrationViewSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, integrationId, enabled } = input;
    const updated = await setIntegrationEnabled({
      userId: ctx.actor.workspaceId,
      formId,
      integrationId,
      enabled,
    });
    ctx.logger.info({ formId, integrationId, enabled }, 'integration switched');

    return updated;
  });
