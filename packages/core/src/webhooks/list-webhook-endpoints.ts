import { webhookEndpointRepository } from '@formwell/db';

import { loadOwnedForm } from '../forms/load-owned-form.js';
import { FAMILY_KINDS } from './endpoint-family.js';
import { toWebhookEndpointView, type TWebhookEndpointView } from './webhook-endpoint-view.js';

/** The form's endpoints without their secrets. */
export async function listWebhookEndpoints({
  userId,
  formId,
}: {
  userId: string;
  formId: string;
}): Promise<TWebhookEndpointView[]> {
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const records = await webhookEndpointRepository.listByForm({
    userId,
    formId: form.id,
    kinds: FAMILY_KINDS.webhook,
  });

  return records.map(toWebhookEndpointView);
}
