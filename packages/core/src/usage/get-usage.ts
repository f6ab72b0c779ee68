import { z } from 'zod';

import { ZPlanSchema } from '../users/z-user-input.js';
import { getWorkspaceSummary } from '../workspaces/workspace-summary.js';

export const ZUsageSchema = z.object({
  /** The quota period, a UTC calendar month: `YYYY-MM`. */
  month: z.string(),
  used: z.number(),
  limit: z.number(),
  plan: ZPlanSchema,
  /** The period's bounds (ISO 8601): the first instant of the month and of the next one. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Bytes of uploaded files the account keeps (the sum of stored file sizes). */
  storageBytes: z.number(),
});

export type TUsage = z.infer<typeof ZUsageSchema>;

/**
 * This UTC month's submission usage against the workspace's quota, as the dashboard shows it: the
 * same reads as the API's workspace summary, with the period's bounds added for the usage meter.
 */
export async function getUsage({
  userId,
  now = new Date(),
}: {
  userId: string;
  now?: Date;
}): Promise<TUsage> {
  const summary = await getWorkspaceSummary({ workspaceId: userId, now });

  return {
    month: summary.usage.month,
    used: summary.usage.submissions,
    limit: summary.quotaLimit,
    plan: summary.plan,
    periodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    periodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    storageBytes: summary.usage.storageBytes,
  };
}
