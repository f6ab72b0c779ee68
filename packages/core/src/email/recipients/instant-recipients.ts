import { sha256Hex } from '../../crypto/sha256-hex.js';
import { memberAddress, memberModes } from './member-modes.js';

/**
 * One recipient of a submission's notification and the email log key of their message; `held`
 * when it is the owner's own address, not verified yet: logged as skipped, not sent.
 */
export type TNotificationRecipient = { to: string; entryId: string; held?: true };

/**
 * Everyone who gets this submission's notification now: the members on `instant`. The owner's
 * message is logged under the outbox entry's own id (as it was when the owner was the only
 * recipient); each other member's under an id derived from the entry and the member, so a retried
 * job skips the messages already logged and sends only the rest.
 */
export async function instantRecipients({
  workspaceId,
  formId,
  entryId,
  developerEmail,
}: {
  workspaceId: string;
  formId: string;
  entryId: string;
  developerEmail: string | null;
}): Promise<TNotificationRecipient[]> {
  const members = await memberModes({ workspaceId, formId });
  const recipients: TNotificationRecipient[] = [];
  for (const member of members) {
    if (member.mode !== 'instant') {
      continue;
    }
    const to = memberAddress(member, developerEmail);
    if (to === null && member.role === 'owner') {
      // The owner asked for it: the mail log says why it did not go out.
      recipients.push({ to: member.user.email, entryId, held: true });
    } else if (to !== null) {
      recipients.push({
        to,
        entryId: member.role === 'owner' ? entryId : sha256Hex(`${entryId}:${member.user.id}`).slice(0, 24),
      });
    }
  }

  return recipients;
}
