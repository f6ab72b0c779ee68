import { listIntegrations } from '@formwell/core';

import { webhooksProcedure } from '../webhooks/webhook-paths.js';
import {
  listIntegrationsMeta,
  ZListIntegrationsRequestSchema,
  ZListIntegrationsResponseSchema,
} from './list-integrations.types.js';

export const listIntegrationsRoute = webhooksProcedure
  .meta(listIntegrationsMeta)
  .input(ZListIntegrationsRequestSchema)
  .output(ZListIntegrationsResponseSchema)
  .query(({ ctx, input }) => listIntegrations({ userId: ctx.actor.workspaceId, formId: input.formId }));
