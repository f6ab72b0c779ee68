import { webhookEndpointRepository, type TFormRecord, type TOutboxKind } from '@formwell/db';

import type { TPlanLimits } from '../config/plans.js';
import { effectiveEmailSettings } from '../forms/effective-email-settings.js';

/** Why an unverified submitter's confirmation is logged as skipped instead of sent. */
export const UNVERIFIED_SUBMITTER_REASON =
  'submitter not verified: no CAPTCHA and no server-side key (the form does not confirm unverified submitters)';

type TPlannedEntry = {
  kind: TOutboxKind;
  endpointId?: string;
  skipReason?: string;
  submitterVerified?: boolean;
};

/**
 * Side effects a new submission owes: the submitter's confirmation when email
 * settings are on and the plan allows them and there is an address; the developer notification on
 * PRO; one webhook delivery per enabled endpoint subscribed to `form.submission.created`.
 * A confirmation goes only to a verified submitter (CAPTCHA passed, or a key that is not
 * origin-restricted) unless the owner switched that rule off: anyone could otherwise make the install
 * mail any address. An unverified one is still planned, with its skip reason, so the mail log shows it.
 */
export function planOutbox({
  form,
  limits,
  email,
  endpoints,
  submitterVerified,
}: {
  form: Pick<TFormRecord, 'emailSettings'>;
  limits: Pick<TPlanLimits, 'emailSettings' | 'developerNotifications'>;
  email: string | null;
  endpoints: { id: string; enabled: boolean; events: string[] }[];
  submitterVerified: boolean;
}): TPlannedEntry[] {
  const entries: TPlannedEntry[] = [];
  const emails = effectiveEmailSettings(form.emailSettings, limits);
  if (emails.enabled && email !== null) {
    const allowed = submitterVerified || form.emailSettings.confirmUnverified;
    entries.push({
      kind: 'email.confirmation',
      submitterVerified,
      ...(allowed ? {} : { skipReason: UNVERIFIED_SUBMITTER_REASON }),
    });
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
