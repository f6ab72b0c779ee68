import type { TWebhookEndpointRecord } from '@formwell/db';

/** Headers an owner may not set: the transport's own and the signatures. */
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'user-agent',
  'x-service-signature',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VALUE = /^[\t\x20-\x7e]*$/;

/**
 * The endpoint's custom headers (e.g. a token its receiver checks), as a header object. Reserved
 * names and anything that is not a valid header are left out rather than failing every delivery.
 * Endpoints stored before custom headers existed have none.
 */
export function endpointHeaders(endpoint: TWebhookEndpointRecord): Record<string, string> {
  const stored = (endpoint as Partial<{ headers: { name: string; value: string }[] | null }>).headers ?? [];
  const headers: Record<string, string> = {};
  for (const { name, value } of stored) {
    if (TOKEN.test(name) && VALUE.test(value) && !RESERVED.has(name.toLowerCase())) {
      headers[name.toLowerCase()] = value;
    }
  }

  return headers;
}
