import { ZIntegrationViewSchema } from '@formwell/core';
import { z } from 'zod';

import type { ApiMeta } from '../../trpc.js';
import { webhookRouteMeta } from '../webhooks/webhook-route-meta.js';

export const listIntegrationsMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'GET',
      path: '/forms/{formId}/integrations',
      operationId: 'v1-listIntegrations',
      summary: 'List integrations',
      description: "The form's Slack, Discord and Teams integrations, newest first, URLs masked.",
    },
    { 404: 'Form or user not found' },
  ),
} satisfies ApiMeta;

export { ZFormPathSchema as ZListIntegrationsRequestSchema } from '../webhooks/webhook-paths.js';

export const ZListIntegrationsResponseSchema = z.object({ integrations: z.array(ZIntegrationViewSchema) });
