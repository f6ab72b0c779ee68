import { formRepository, webhookEndpointRepository } from '@formwell/db';

import { loadOwnedEndpoint, type TOwnedEndpointIds } from './load-owned-endpoint.js';

/** Removes an endpoint (and frees its slot); deliveries already queued for it find it gone and stop. */
export async function deleteWebhookEndpoint({
  userId,
  formId,
  endpointId,
  family,
}: TOwnedEndpointIds): Promise<{ id: string; deleted: true }> {
  await loadOwnedEndpoint({ userId, formId, endpointId, ...(family ? { family } : {}) });
  // Only the call that removed it frees the slot of the per-form cap.
  if (await webhookEndpointRepository.delete({ userId, endpointId })) {
    await formRepository.releaseWebhookSlot({ userId, formId });
  }

  return { id: endpointId, deleted: true };
}
