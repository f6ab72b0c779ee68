import { bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';

/**
 * After a membership changed (removed, role lowered, ownership moved): retires every replica's
 * cached authentication of the workspace and of the member, as a key revocation does. Dashboard
 * requests read the membership from MongoDB each time, so this covers what any replica copied.
 */
export async function retireMemberAccess({
  workspaceId,
  userId,
  onBumpFailed,
}: {
  workspaceId: string;
  userId: string;
  onBumpFailed?: TOnBumpFailed;
}): Promise<void> {
  await bumpAuthEpochOrReport(workspaceId, onBumpFailed);
  if (userId !== workspaceId) {
    await bumpAuthEpochOrReport(userId, onBumpFailed);
  }
}
