import type { TWebhookEndpointRecord } from '@formwell/db';

import { displayWebhookUrl } from './display-webhook-url.js';
import { maskTargetUrl } from './mask-target-url.js';

/**
 * How an endpoint's URL is shown and logged. Integration URLs and REST hook targets are secrets
 * as a whole (the token is the URL): only the scheme, host and first segment remain. Plain webhooks
 * keep their readable URL with the credentials in it masked.
 */
export function displayEndpointUrl(endpoint: Pick<TWebhookEndpointRecord, 'kind' | 'url'>): string {
  return endpoint.kind === 'webhook' ? displayWebhookUrl(endpoint.url) : maskTargetUrl(endpoint.url);
}
