import { webhookDeliveryRepository } from '@formwell/db';

import { nextCursor } from '../../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../../pagination/resolve-page-request.js';
import { loadOwnedEndpoint, type TOwnedEndpointIds } from '../load-owned-endpoint.js';
import { toWebhookDeliveryView, type TWebhookDeliveryView } from './webhook-delivery-view.js';

export type ListWebhookDeliveriesOptions = TOwnedEndpointIds & TPageRequest;

/** The endpoint's delivery attempts of the last 30 days, newest first (404 for a foreign endpoint). */
export async function listWebhookDeliveries({
  userId,
  formId,
  endpointId,
  family,
  limit,
  cursor,
}: ListWebhookDeliveriesOptions): Promise<{ items: TWebhookDeliveryView[]; nextCursor: string | null }> {
  const page = resolvePageRequest({ limit, cursor });
  const endpoint = await loadOwnedEndpoint({ userId, formId, endpointId, ...(family ? { family } : {}) });
  const result = await webhookDeliveryRepository.listByEndpoint({
    userId,
    endpointId: endpoint.id,
    limit: page.limit,
    ...(page.after ? { after: page.after } : {}),
  });

  return { items: result.items.map(toWebhookDeliveryView), nextCursor: nextCursor(result) };
}
