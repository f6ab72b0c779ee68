import {
  workspaceMemberRepository,
  workspaceRepository,
  type TWorkspaceRecord,
  type TWorkspaceRole,
} from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

export function workspaceNotFound(): AppError {
  return new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.WORKSPACE_NOT_FOUND });
}

/**
 * The workspace a signed-in user acts in, with the user's role there, read from MongoDB on every
 * call: a removal or a lowered role applies on the member's very next request, on every replica.
 * A workspace the user does not belong to answers as an unknown one (404), never 403, so ids of
 * other workspaces reveal nothing.
 */
export async function workspaceMemberOf({
  userId,
  workspaceId,
}: {
  userId: string;
  workspaceId: string;
}): Promise<{ workspace: TWorkspaceRecord; role: TWorkspaceRole }> {
  const [membership, workspace] = await Promise.all([
    workspaceMemberRepository.find({ workspaceId, userId }),
    workspaceRepository.findById({ workspaceId }),
  ]);
  if (!membership || !workspace) {
    throw workspaceNotFound();
  }

  return { workspace, role: membership.role };
}
