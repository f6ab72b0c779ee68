import { deleteAccountData } from '@formwell/db';

import { bumpAuthEpoch, bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { removeWorkspaceFiles } from '../files/settle-upload.js';

/**
 * Deletes a workspace and everything in it (forms, submissions, files, keys, webhooks, counters,
 * billing records, members, invitations) and returns how many documents went from each collection.
 * Given a personal workspace (its id is its account's), the account's own records go too: that is
 * how an account deletion ends. Nothing here checks who asks.
 */
export async function deleteWorkspaceData({
  workspaceId,
  onBumpFailed,
}: {
  workspaceId: string;
  /** See bumpAuthEpochOrReport: the dashboard logs; the CLI leaves it out and exits 1. */
  onBumpFailed?: TOnBumpFailed;
}): Promise<Record<string, number>> {
  // Replicas' cached authentication of the workspace's keys must not outlive them: bumped as soon
  // as the keys are gone (the rest of the deletion takes a while), and again at the end whatever
  // happened, so a failed step or a failed first bump still retires every copy. Only the last
  // bump's failure is reported: the first one's is repeated by it.
  try {
    // Tenant fields hold the workspace's id, and a team workspace has no account of that id: the
    // account's deletion deletes exactly that workspace's data.
    return await deleteAccountData({
      userId: workspaceId,
      afterAccessDeleted: () => bumpAuthEpoch(workspaceId).catch(() => undefined),
      // The bytes live outside the collections the deletion empties (in GridFS's own, or in an S3
      // bucket). They go once keys, forms and submissions are gone, so a file uploaded while the
      // deletion ran (a public form page, a replica's cached key) goes too, and before their
      // records, which are what finds them (a run cut short finds them again).
      beforeFileRecordsDeleted: () => removeWorkspaceFiles(workspaceId),
    });
  } finally {
    await bumpAuthEpochOrReport(workspaceId, onBumpFailed);
  }
}
