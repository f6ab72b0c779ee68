import { z } from 'zod';

import { ZWebhookUrlSchema } from '../webhooks/z-webhook-endpoint-input.js';
import { CHAT_PLATFORMS } from './messages/build-chat-message.js';

/** What an owner sends to add a Slack, Discord or Teams integration to a form. */
export const ZCreateIntegrationInputSchema = z.object({
  type: z.enum(CHAT_PLATFORMS),
  url: ZWebhookUrlSchema.meta({
    description:
      "The platform's incoming-webhook URL: hooks.slack.com, discord.com / discordapp.com, or a Teams Workflows host. A secret: shown masked after creation.",
  }),
});

export type TCreateIntegrationInput = z.input<typeof ZCreateIntegrationInputSchema>;
