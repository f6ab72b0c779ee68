import { notificationRecipientRepository } from '@formwell/db';

import { accountLinkUrl } from '../../../account/account-links.js';
import { oneClickUnsubscribeUrl } from './one-click-unsubscribe.js';
import { RECIPIENT_SKIP_REASONS } from './recipient-rules.js';
import { unsubscribeToken } from './unsubscribe-token.js';

type TExtraRecipient = {
  id: string;
  to: string;
  held?: string;
  unsubscribeUrl?: string;
  oneClickUnsubscribeUrl?: string;
};

/**
 * The form's extra recipients as one submission's notification sees them: each confirmed address
 * with its unsubscribe links (the page of the mail's footer, the one-click endpoint of its headers); each pending one held (logged as skipped: it has not confirmed); each
 * removed after the submission was made held too, so the log tells why an address that was on the
 * form then got nothing. One removed before the submission is simply no recipient.
 */
export async function extraRecipients({
  workspaceId,
  formId,
  submittedAt,
  publicUrl,
}: {
  workspaceId: string;
  formId: string;
  submittedAt: Date;
  publicUrl: string;
}): Promise<TExtraRecipient[]> {
  const stored = await notificationRecipientRepository.listForForm({ workspaceId, formId });
  const recipients: TExtraRecipient[] = [];
  for (const recipient of stored) {
    const base = { id: recipient.id, to: recipient.email };
    if (recipient.status === 'confirmed') {
      const token = await unsubscribeToken(recipient.id);
      recipients.push({
        ...base,
        unsubscribeUrl: accountLinkUrl(publicUrl, 'notifications/unsubscribe', token),
        oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(publicUrl, token),
      });
    } else if (recipient.status === 'pending') {
      recipients.push({ ...base, held: RECIPIENT_SKIP_REASONS.unconfirmed });
    } else if (recipient.removedAt && recipient.removedAt > submittedAt) {
      recipients.push({ ...base, held: RECIPIENT_SKIP_REASONS.removed });
    }
  }

  return recipients;
}
