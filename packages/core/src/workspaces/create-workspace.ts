import { workspaceMemberRepository, workspaceRepository } from '@formwell/db';
import { z } from 'zod';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { loadUser } from '../users/load-user.js';
import { toWorkspaceView, type TWorkspaceView } from './workspace-view.js';

const ZWorkspaceNameSchema = z.string().trim().min(1).max(100);

/**
 * A new workspace (CLI `workspace create`, dashboard): FREE, `userId` its owner; 403 once the
 * account owns `maxOwnedWorkspaces` (its personal one included).
 */
export async function createWorkspace({
  config,
  userId,
  name,
}: {
  config: Pick<TCoreConfig, 'plans' | 'maxOwnedWorkspaces'>;
  userId: string;
  name: string;
}): Promise<TWorkspaceView> {
  const checkedName = parseInput(ZWorkspaceNameSchema, name);
  const owner = await loadUser(userId);
  // Each workspace brings its own FREE quota: the ceiling keeps one account from multiplying it.
  const max = config.maxOwnedWorkspaces;
  const owned = await workspaceRepository.countOwned({ ownerId: owner.id });
  if (owned >= max) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.workspaceLimit(owned, max) });
  }
  const workspace = await workspaceRepository.create({
    name: checkedName,
    ownerId: owner.id,
    plan: 'FREE',
    quotaLimit: config.plans.FREE.monthlySubmissions,
  });
  // Inserted, then counted again: of creations racing past the ceiling, the last one in sees every
  // one before it and backs out, so the account never owns more than `max` (a close pair may both
  // back out; trying again works). No one reaches the new workspace before this: it has no member yet.
  if ((await workspaceRepository.countOwned({ ownerId: owner.id })) > max) {
    await workspaceRepository.delete({ workspaceId: workspace.id });
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.workspaceLimit(max, max) });
  }
  await workspaceMemberRepository.add({ workspaceId: workspace.id, userId: owner.id, role: 'owner' });

  return toWorkspaceView(workspace);
}
