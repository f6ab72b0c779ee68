import { webhookEndpointRepository } from '@formwell/db';

import { loadOwnedEndpoint } from './load-owned-endpoint.js';

/** Removes an endpoint; deliveries already queued for it find it gone and stop. */
export async function deleteWebhookEndpoint({
  userId,
  formId,
  endpointId,
}: {
  userId: string;
  formId: string;
  endpointId: string;
}): Promise<{ id: string; deleted: true }> {
  await loadOwnedEndpoint({ userId, formId, endpointId });
  await webhookEndpointRepository.delete({ userId, endpointId });

  return { id: endpointId, deleted: true };
}
