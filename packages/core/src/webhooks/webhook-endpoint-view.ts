import type { TWebhookEndpointRecord } from '@formwell/db';
import { z } from 'zod';

import { displayHeaderValue } from './display-webhook-headers.js';
import { displayEndpointUrl } from './display-endpoint-url.js';

/**
 * An endpoint as listed and read; its signing secrets are never part of it, and credentials in its
 * URL and in its custom headers' values are masked (see displayWebhookUrl, displayHeaderValue): like
 * the signing secret, they are set, never read back.
 */
export const ZWebhookEndpointViewSchema = z.object({
  id: z.string(),
  formId: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  events: z.array(z.string()),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Until when the secret replaced by the last rotation still signs deliveries; null if none. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TWebhookEndpointView = z.infer<typeof ZWebhookEndpointViewSchema>;

/** The create and rotate answers: the one time the secret is shown. */
export const ZWebhookEndpointWithSecretSchema = ZWebhookEndpointViewSchema.extend({
  secret: z.string().meta({ description: 'Signing secret (`whsec_` + base64); shown only here.' }),
});

export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecretSchema>;

export function toWebhookEndpointView(record: TWebhookEndpointRecord): TWebhookEndpointView {
  const previousActive =
    record.previousSecretExpiresAt && record.previousSecretExpiresAt.getTime() > Date.now()
      ? record.previousSecretExpiresAt
      : null;

  return {
    id: record.id,
    // Empty only for a REST hook following every form (an account export lists those too).
    formId: record.formId ?? '',
    url: displayEndpointUrl(record),
    description: record.description,
    enabled: record.enabled,
    events: record.events,
    headers: record.headers.map(({ name, value }) => ({ name, value: displayHeaderValue({ name, value }) })),
    previousSecretExpiresAt: previousActive?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
