import { ZCreateIntegrationInputSchema, ZIntegrationViewSchema } from '@formwell/core';

import type { ApiMeta } from '../../trpc.js';
import { KEY_RESTRICTION_REFUSAL } from '../../rest/api-key-error-responses.js';
import { ZFormPathSchema } from '../webhooks/webhook-paths.js';
import { webhookRouteMeta } from '../webhooks/webhook-route-meta.js';

export const createIntegrationMeta = {
  openapi: webhookRouteMeta(
    {
      method: 'POST',
      path: '/forms/{formId}/integrations',
      operationId: 'v1-createIntegration',
      summary: 'Add a Slack, Discord or Teams integration',
      description:
        "Posts each submission of the form to a chat: `type` `slack` (an incoming-webhook URL on hooks.slack.com), `discord` (a webhook URL on discord.com or discordapp.com) or `teams` (a Workflows or Office 365 connector URL). Any other host is a 400 unless the server allows private webhook targets. The answer's `url` is masked, as in every later answer. Counts against the plan's endpoints per form (FREE 1, STANDARD 5, PRO 10), shared with webhooks.",
      successDescription: 'Created',
    },
    {
      403: `Form of another user, insufficient scope, ${KEY_RESTRICTION_REFUSAL}, or endpoint limit reached`,
      404: 'Form or user not found',
    },
  ),
  successStatus: 201,
} satisfies ApiMeta;

export const ZCreateIntegrationRequestSchema = ZFormPathSchema.extend(ZCreateIntegrationInputSchema.shape);

export const ZCreateIntegrationResponseSchema = ZIntegrationViewSchema;
