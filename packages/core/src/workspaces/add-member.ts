import { userRepository, workspaceMemberRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { ZEmailSchema } from '../users/z-user-input.js';
import { requireActorRole, type TMemberActor } from './require-actor-role.js';
import { ZAssignableRoleSchema, type TAssignableRole } from './roles.js';

export type TMemberChange = { workspaceId: string; userId: string; role: TAssignableRole };

/**
 * Adds an existing account to a workspace with a role (the operator's `member add`; in the
 * dashboard people join by invitation). 404 for an unknown account, 409 for one already in.
 */
export async function addMember({
  actor,
  workspaceId,
  email,
  role,
}: {
  actor: TMemberActor;
  workspaceId: string;
  email: string;
  role: string;
}): Promise<TMemberChange> {
  const checkedRole = parseInput(ZAssignableRoleSchema, role.toLowerCase());
  const checkedEmail = parseInput(ZEmailSchema, email);
  // 404 `Workspace not found` for a workspace that does not exist, whoever asks.
  await requireActorRole(actor, workspaceId, 'members');
  const user = await userRepository.findByEmail({ email: checkedEmail });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  const { created } = await workspaceMemberRepository.add({
    workspaceId,
    userId: user.id,
    role: checkedRole,
  });
  if (!created) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.ALREADY_MEMBER });
  }

  return { workspaceId, userId: user.id, role: checkedRole };
}
