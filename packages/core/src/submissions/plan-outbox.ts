import type { TFormRecord, TOutboxKind } from '@formwell/db';

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
