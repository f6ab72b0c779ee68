import { workspaceRepository, type TWorkspaceRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/**
 * A workspace by id, or 404. By default the text is `User not found`: the interface's text for a
 * tenant that is gone, from the time the tenant was a user (callers pass the id of the
 * authenticated actor's workspace). Where a workspace was named as such, `Workspace not found`.
 */
export async function loadWorkspace(
  workspaceId: string,
  { missing = 'user' }: { missing?: 'user' | 'workspace' } = {},
): Promise<TWorkspaceRecord> {
  const workspace = await workspaceRepository.findById({ workspaceId });
  if (!workspace) {
    throw new AppError(AppErrorCode.NOT_FOUND, {
      message: missing === 'user' ? ErrorMessages.USER_NOT_FOUND : ErrorMessages.WORKSPACE_NOT_FOUND,
    });
  }

  return workspace;
}
