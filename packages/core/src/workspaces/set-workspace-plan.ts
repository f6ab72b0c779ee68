import { setUserPlan, type SetUserPlanOptions } from '../users/set-user-plan.js';
import type { TUserPlanView } from '../users/user-view.js';
import { loadWorkspace } from './load-workspace.js';

/**
 * Sets the plan of any workspace, personal or team, by its id (CLI `user set-plan --workspace`,
 * staff's `admin.setWorkspacePlan`); an unknown id is 404 `Workspace not found`.
 */
export async function setWorkspacePlan({
  workspaceId,
  ...options
}: Omit<SetUserPlanOptions, 'userId'> & { workspaceId: string }): Promise<TUserPlanView> {
  await loadWorkspace(workspaceId, { missing: 'workspace' });

  return setUserPlan({ ...options, userId: workspaceId });
}
