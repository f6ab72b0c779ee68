import { DIGEST_CADENCES } from '@formwell/jobs';

import { sha256Hex } from '../../crypto/sha256-hex.js';
import { periodStartOf } from '../digests/digest-periods.js';
import { OWNER_NOT_VERIFIED } from '../owner-address.js';
import { extraRecipients } from './extra/extra-recipients-to-mail.js';
import { memberAddress, memberModes, type TMemberMode } from './member-modes.js';

/**
 * One recipient of a submission's notification and the email log key of their message. `held`
 * says why it is logged as skipped instead of sent (the owner's own address not verified yet, an
 * extra recipient not confirmed or removed). An extra recipient's message carries its own
 * unsubscribe link.
 */
export type TNotificationRecipient = {
  to: string;
  entryId: string;
  held?: string;
  unsubscribeUrl?: string;
  oneClickUnsubscribeUrl?: string;
};

/**
 * Whether the submission came in during a digest period the member left (for instant, or through
 * the other digest), before they left: that period's digest still goes out with it (sendDigest), so mailing it now as well,
 * which a notification job running late would do, would bring it twice.
 */
function coveredByLeftDigest(member: TMemberMode, submittedAt: Date): boolean {
  return DIGEST_CADENCES.some((cadence) => {
    const leftAt = member.leftDigestAt[cadence];

    return leftAt !== null && submittedAt < leftAt && submittedAt.getTime() >= periodStartOf(cadence, leftAt);
  });
}

/**
 * Everyone who gets this submission's notification now: the members on `instant`, then the
 * form's confirmed extra recipients. The owner's message is logged under the outbox entry's own id
 * (as it was when the owner was the only recipient); each other recipient's under an id derived
 * from the entry and them, so a retried job skips the messages already logged and sends the rest.
 */
export async function instantRecipients({
  workspaceId,
  formId,
  entryId,
  developerEmail,
  submittedAt,
  publicUrl,
}: {
  workspaceId: string;
  formId: string;
  entryId: string;
  developerEmail: string | null;
  submittedAt: Date;
  publicUrl: string;
}): Promise<TNotificationRecipient[]> {
  const members = await memberModes({ workspaceId, formId });
  const recipients: TNotificationRecipient[] = [];
  for (const member of members) {
    if (member.mode !== 'instant' || coveredByLeftDigest(member, submittedAt)) {
      continue;
    }
    const to = memberAddress(member, developerEmail);
    if (to === null && member.role === 'owner') {
      // The owner asked for it: the mail log says why it did not go out.
      recipients.push({ to: member.user.email, entryId, held: OWNER_NOT_VERIFIED });
    } else if (to !== null) {
      recipients.push({
        to,
        entryId: member.role === 'owner' ? entryId : sha256Hex(`${entryId}:${member.user.id}`).slice(0, 24),
      });
    }
  }
  const extras = await extraRecipients({ workspaceId, formId, submittedAt, publicUrl });
  for (const extra of extras) {
    recipients.push({ ...extra, entryId: sha256Hex(`${entryId}:recipient:${extra.id}`).slice(0, 24) });
  }

  return recipients;
}
