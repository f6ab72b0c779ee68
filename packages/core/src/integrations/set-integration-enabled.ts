import { webhookEndpointRepository } from '@formwell/db';

import { loadOwnedEndpoint } from '../webhooks/load-owned-endpoint.js';
import { toIntegrationView, type TIntegrationView } from './integration-view.js';

/**
 * Switches an integration on or off (the dashboard's toggle; also how one disabled for failing
 * is switched back on). A disabled integration gets no new deliveries; queued ones are dropped.
 */
export async function setIntegrationEnabled({
  userId,
  formId,
  integrationId,
  enabled,
}: {
  userId: string;
  formId: string;
  integrationId: string;
  enabled: boolean;
}): Promise<TIntegrationView> {
  await loadOwnedEndpoint({ userId, formId, endpointId: integrationId, family: 'integration' });
  const record = await webhookEndpointRepository.update({
    userId,
    endpointId: integrationId,
    set: { enabled },
  });
  if (!record) {
    // Deleted between the two calls: answer as the load would have.
    return setIntegrationEnabled({ userId, formId, integrationId, enabled });
  }

  return toIntegrationView(record);
}
