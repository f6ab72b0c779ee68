import { webhookEndpointRepository } from '@formwell/db';

import { loadOwnedForm } from '../forms/load-owned-form.js';
import { FAMILY_KINDS } from '../webhooks/endpoint-family.js';
import { toIntegrationView, type TIntegrationView } from './integration-view.js';

/** The form's integrations, newest first (a form has at most the plan's endpoint cap of them). */
export async function listIntegrations({
  userId,
  formId,
}: {
  userId: string;
  formId: string;
}): Promise<{ integrations: TIntegrationView[] }> {
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const records = await webhookEndpointRepository.listByForm({
    userId,
    formId: form.id,
    kinds: FAMILY_KINDS.integration,
  });

  return { integrations: records.map(toIntegrationView) };
}
