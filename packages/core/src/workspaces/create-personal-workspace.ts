import { workspaceMemberRepository, workspaceRepository, type TWorkspaceRecord } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';

/** How a personal workspace is named (also by the migration that creates them for older accounts). */
export function personalWorkspaceName(email: string): string {
  return `${email}'s workspace`;
}

/**
 * A new account's personal workspace: it takes the account's own id (so the tenant id of the
 * account's forms, keys and submissions is the workspace's) and the account is its owner.
 */
export async function createPersonalWorkspace({
  config,
  user,
  plan,
}: {
  config: Pick<TCoreConfig, 'plans'>;
  user: { id: string; email: string };
  plan: TPlan;
}): Promise<TWorkspaceRecord> {
  const workspace = await workspaceRepository.create({
    id: user.id,
    name: personalWorkspaceName(user.email),
    ownerId: user.id,
    plan,
    quotaLimit: config.plans[plan].monthlySubmissions,
  });
  await workspaceMemberRepository.add({ workspaceId: workspace.id, userId: user.id, role: 'owner' });

  return workspace;
}
