import { monthlyUsageRepository, storageUsageRepository } from '@formwell/db';
import { z } from 'zod';

import { usageMonth } from '../submissions/usage-month.js';
import { loadWorkspace } from './load-workspace.js';
import { ZWorkspaceViewSchema } from './workspace-view.js';

/** The workspace a key acts in, with this UTC month's submissions and the bytes of files it keeps. */
export const ZWorkspaceSummarySchema = ZWorkspaceViewSchema.extend({
  quotaLimit: z.number(),
  usage: z.object({
    /** The quota period, a UTC calendar month: `YYYY-MM`. */
    month: z.string(),
    submissions: z.number(),
    storageBytes: z.number(),
  }),
});

export type TWorkspaceSummary = z.infer<typeof ZWorkspaceSummarySchema>;

export async function getWorkspaceSummary({
  workspaceId,
  now = new Date(),
}: {
  workspaceId: string;
  now?: Date;
}): Promise<TWorkspaceSummary> {
  const workspace = await loadWorkspace(workspaceId);
  const month = usageMonth(now);
  const [submissions, storageBytes] = await Promise.all([
    monthlyUsageRepository.get({ userId: workspaceId, month }),
    storageUsageRepository.get(workspaceId),
  ]);

  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    quotaLimit: workspace.quotaLimit,
    usage: { month, submissions, storageBytes },
  };
}
