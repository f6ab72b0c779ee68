import type { TWebhookEndpointRecord } from '@formwell/db';
import { z } from 'zod';

import { displayEndpointUrl } from '../webhooks/display-endpoint-url.js';
import { CHAT_PLATFORMS, type TChatPlatform } from './messages/build-chat-message.js';

/** An integration as created, listed and read: its URL is a secret, so it is always masked. */
export const ZIntegrationViewSchema = z.object({
  id: z.string(),
  formId: z.string(),
  type: z.enum(CHAT_PLATFORMS),
  url: z.string().meta({ description: 'Masked: scheme, host and first path segment, then `…`.' }),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TIntegrationView = z.infer<typeof ZIntegrationViewSchema>;

export function toIntegrationView(record: TWebhookEndpointRecord): TIntegrationView {
  return {
    id: record.id,
    // Integrations always belong to one form.
    formId: record.formId ?? '',
    type: record.kind as TChatPlatform,
    url: displayEndpointUrl(record),
    enabled: record.enabled,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
