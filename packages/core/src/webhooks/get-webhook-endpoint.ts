import { loadOwnedEndpoint, type TOwnedEndpointIds } from './load-owned-endpoint.js';
import { toWebhookEndpointView, type TWebhookEndpointView } from './webhook-endpoint-view.js';

/** One endpoint of the owner's form, without its secrets. */
export async function getWebhookEndpoint(ids: TOwnedEndpointIds): Promise<TWebhookEndpointView> {
  return toWebhookEndpointView(await loadOwnedEndpoint(ids));
}
