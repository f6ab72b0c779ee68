import type { TWebhookEndpointRecord } from '@formwell/db';

/** An endpoint as listed; the secret only appears in the create response. */
export type TWebhookEndpointView = {
  id: string;
  formId: string;
  url: string;
  description: string;
  enabled: boolean;
  events: string[];
  createdAt: string;
  updatedAt: string;
};

export function toWebhookEndpointView(record: TWebhookEndpointRecord): TWebhookEndpointView {
  return {
    id: record.id,
    formId: record.formId,
    url: record.url,
    description: record.description,
    enabled: record.enabled,
    events: record.events,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
