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
  // Counted, not reserved: two creations at the same instant may pass one over, which is harmless.
  const owned = await workspaceRepository.countOwned({ ownerId: owner.id });
  if (owned >= config.maxOwnedWorkspaces) {
    throw new AppError(AppErrorCode.FORBIDDEN, {
      message: ErrorMessages.workspaceLimit(owned, config.maxOwnedWorkspaces),
    });
  }
  const workspace = await workspaceRepository.create({
    name: checkedName,
    ownerId: owner.id,
    plan: 'FREE',
    quotaLimit: config.plans.FREE.monthlySubmissions,
  });
  await workspaceMemberRepository.add({ workspaceId: workspace.id, userId: owner.id, role: 'owner' });

  return toWorkspaceView(workspace);
}
