import { updateWebhookEndpoint } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZUpdateWebhookRequestSchema, ZUpdateWebhookResponseSchema } from './update-webhook.types.js';

export const updateWebhookRoute = authedProcedure
  .input(ZUpdateWebhookRequestSchema)
  .output(ZUpdateWebhookResponseSchema)
  .mutation(({ ctx, input }) =>
    updateWebhookEndpoint({
      userId: ctx.user.id,
      formId: input.formId,
      endpointId: input.id,
      config: ctx.services.config,
      data: input.data,
    }),
  );
