import { monthlyUsageRepository, storageUsageRepository } from '@formwell/db';
import { z } from 'zod';

import { loadWorkspace } from '../workspaces/load-workspace.js';
import { usageMonth } from '../submissions/usage-month.js';
import { ZPlanSchema } from '../users/z-user-input.js';

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

/** This UTC month's submission usage against the user's quota (dashboard). */
export async function getUsage({
  userId,
  now = new Date(),
}: {
  userId: string;
  now?: Date;
}): Promise<TUsage> {
  const user = await loadWorkspace(userId);
  const month = usageMonth(now);

  return {
    month,
    used: await monthlyUsageRepository.get({ userId, month }),
    limit: user.quotaLimit,
    plan: user.plan,
    periodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    periodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    storageBytes: await storageUsageRepository.get(userId),
  };
}
