import { userRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadWorkspace } from '../workspaces/load-workspace.js';
import { setUserPlan, type SetUserPlanOptions } from './set-user-plan.js';
import type { TUserPlanView } from './user-view.js';

/**
 * Sets the plan of one user's personal workspace, by the user's id (CLI `user set-plan --user`,
 * staff's `admin.setUserPlan`). A personal workspace has its user's id, so a team workspace's id
 * would reach the same store and change that workspace's plan under a name that promises a
 * user's: refused (400), pointing to the workspace's own way. An id of neither is 404
 * `User not found`.
 */
export async function setAccountPlan(options: SetUserPlanOptions): Promise<TUserPlanView> {
  if (!(await userRepository.findById({ userId: options.userId }))) {
    await loadWorkspace(options.userId);
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.TEAM_WORKSPACE_NOT_USER });
  }

  return setUserPlan(options);
}
