import { workspaceMemberRepository, workspaceRepository } from '@formwell/db';
import { z } from 'zod';

import type { TCoreConfig } from '../config/load-config.js';
import { parseInput } from '../errors/parse-input.js';
import { loadUser } from '../users/load-user.js';
import { toWorkspaceView, type TWorkspaceView } from './workspace-view.js';

const ZWorkspaceNameSchema = z.string().trim().min(1).max(100);

/** A new workspace (CLI `workspace create`, dashboard): FREE, `userId` its owner. */
export async function createWorkspace({
  config,
  userId,
  name,
}: {
  config: Pick<TCoreConfig, 'plans'>;
  userId: string;
  name: string;
}): Promise<TWorkspaceView> {
  const checkedName = parseInput(ZWorkspaceNameSchema, name);
  const owner = await loadUser(userId);
  const workspace = await workspaceRepository.create({
    name: checkedName,
    ownerId: owner.id,
    plan: 'FREE',
    quotaLimit: config.plans.FREE.monthlySubmissions,
  });
  await workspaceMemberRepository.add({ workspaceId: workspace.id, userId: owner.id, role: 'owner' });

  return toWorkspaceView(workspace);
}
