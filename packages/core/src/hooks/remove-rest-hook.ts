import { formRepository, webhookEndpointRepository, type TWebhookEndpointRecord } from '@formwell/db';

import { bumpAuthEpochOrReport } from '../api-keys/auth-epoch.js';

/**
 * Deletes a REST hook (unsubscribed, or its target answered 410 Gone) and gives back what it took:
 * its form's slot, or for a hook following every form, one count on each form (whose copies the
 * epoch bump then makes stale). Only the call that removed it gives anything back.
 */
export async function removeRestHook(
  hook: Pick<TWebhookEndpointRecord, 'id' | 'userId' | 'formId'>,
): Promise<void> {
  const { userId, formId } = hook;
  if (!(await webhookEndpointRepository.delete({ userId, endpointId: hook.id }))) {
    return;
  }
  if (formId !== null) {
    await formRepository.releaseWebhookSlot({ userId, formId });

    return;
  }
  await formRepository.shiftWebhookCounts({ userId, by: -1 });
  await bumpAuthEpochOrReport(userId);
}
