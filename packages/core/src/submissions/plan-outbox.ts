import { webhookEndpointRepository, type TFormRecord, type TOutboxKind } from '@formwell/db';

import type { TPlanLimits } from '../config/plans.js';
import { effectiveEmailSettings } from '../forms/effective-email-settings.js';

/**
 * Side effects a new submission owes: the submitter's confirmation when email
 * settings are on and the plan allows them and there is an address; the developer notification on
 * PRO; one webhook delivery per enabled endpoint subscribed to `form.submission.created`.
 */
export function planOutbox({
  form,
  limits,
  email,
  endpoints,
}: {
  form: Pick<TFormRecord, 'emailSettings'>;
  limits: Pick<TPlanLimits, 'emailSettings' | 'developerNotifications'>;
  email: string | null;
  endpoints: { id: string; enabled: boolean; events: string[] }[];
}): { kind: TOutboxKind; endpointId?: string }[] {
  const entries: { kind: TOutboxKind; endpointId?: string }[] = [];
  const emails = effectiveEmailSettings(form.emailSettings, limits);
  if (emails.enabled && email !== null) {
    entries.push({ kind: 'email.confirmation' });
  }
  if (emails.developerNotificationsEnabled) {
    entries.push({ kind: 'email.developer' });
  }
  for (const endpoint of endpoints) {
    if (endpoint.enabled && endpoint.events.includes('form.submission.created')) {
      entries.push({ kind: 'webhook', endpointId: endpoint.id });
    }
  }

  return entries;
}

/**
 * The endpoints a submission of this form is delivered to: its own webhooks and integrations, and
 * the owner's REST hooks that follow every form. A form whose endpoint counter is 0 has none to
 * read: the counter is taken before an endpoint is stored and given back after one is deleted
 * (hooks following every form count on each form), so the read is skipped.
 */
export async function loadDeliveryTargets({
  userId,
  form,
}: {
  userId: string;
  form: Pick<TFormRecord, 'id' | 'webhookCount'>;
}): Promise<Awaited<ReturnType<typeof webhookEndpointRepository.listDeliveryTargets>>> {
  if (form.webhookCount === 0) {
    return [];
  }
  return webhookEndpointRepository.listDeliveryTargets({ userId, formId: form.id });
}
