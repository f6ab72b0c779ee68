import { getWebhookEndpoint } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZGetWebhookRequestSchema, ZGetWebhookResponseSchema } from './get-webhook.types.js';

export const getWebhookRoute = authedProcedure
  .input(ZGetWebhookRequestSchema)
  .output(ZGetWebhookResponseSchema)
  .query(({ ctx, input }) =>
    getWebhookEndpoint({ userId: ctx.user.id, formId: input.formId, endpointId: input.id }),
  );
