import { listWebhookEndpoints } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZListWebhooksRequestSchema, ZListWebhooksResponseSchema } from './list-webhooks.types.js';

/** The form's endpoints without their secrets. */
export const listWebhooksRoute = authedProcedure
  .input(ZListWebhooksRequestSchema)
  .output(ZListWebhooksResponseSchema)
  .query(async ({ ctx, input }) => ({
    webhooks: await listWebhookEndpoints({ userId: ctx.user.id, formId: input.formId }),
  }));
