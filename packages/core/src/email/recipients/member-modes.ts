import { ownerAddressVerified } from '../owner-address.js';
import {
  notificationPreferenceRepository,
  userRepository,
  workspaceMemberRepository,
  workspaceRepository,
  type TNotificationMode,
  type TNotificationPreferenceRecord,
  type TUserRecord,
  type TWorkspaceRole,
} from '@formwell/db';

/** A member without a stored choice: the owner hears of each submission, the others of none. */
function defaultNotificationMode(role: TWorkspaceRole): TNotificationMode {
  return role === 'owner' ? 'instant' : 'off';
}

export type TMemberMode = {
  user: TUserRecord;
  role: TWorkspaceRole;
  mode: TNotificationMode;
  /** When the member last moved from each digest to instant or the other digest (null: never). */
  leftDigestAt: TNotificationPreferenceRecord['leftDigestAt'];
};

const NEVER_LEFT: TMemberMode['leftDigestAt'] = { hourly: null, daily: null };

/** Every current member of the workspace with how they hear of this form's submissions. */
export async function memberModes({
  workspaceId,
  formId,
}: {
  workspaceId: string;
  formId: string;
}): Promise<TMemberMode[]> {
  const [listed, preferences, workspace] = await Promise.all([
    workspaceMemberRepository.listForWorkspace({ workspaceId }),
    notificationPreferenceRepository.listForForm({ workspaceId, formId }),
    workspaceRepository.findById({ workspaceId }),
  ]);
  // The owner recorded on the workspace counts even where no membership was written for them.
  const ownerListed = listed.some((member) => member.userId === workspace?.ownerId);
  const members =
    workspace && !ownerListed ? [...listed, { userId: workspace.ownerId, role: 'owner' as const }] : listed;
  const chosen = new Map(preferences.map((preference) => [preference.userId, preference]));
  const modes = await Promise.all(
    members.map(async (member) => {
      const user = await userRepository.findById({ userId: member.userId });

      const preference = chosen.get(member.userId);

      return user
        ? {
            user,
            role: member.role,
            mode: preference?.mode ?? defaultNotificationMode(member.role),
            leftDigestAt: preference?.leftDigestAt ?? NEVER_LEFT,
          }
        : null;
    }),
  );

  return modes.filter((entry) => entry !== null);
}

/**
 * Where one member's notifications go: the owner's to the form's developer address when one is set
 * (it stands in for the owner, as before members existed); otherwise to the member's own address.
 * Either only once the member's own address is verified: mail to an unverified address could be
 * mail to a stranger, and so could mail to a developer address chosen by an account nobody has
 * proven (as extra recipients, which only a verified account may add).
 */
export function memberAddress(
  member: Pick<TMemberMode, 'user' | 'role'>,
  developerEmail: string | null,
): string | null {
  if (!ownerAddressVerified(member.user)) {
    return null;
  }

  return member.role === 'owner' && developerEmail ? developerEmail : member.user.email;
}
