import { workspaceRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { parseInput } from '../errors/parse-input.js';
import type { TUserPlanView } from './user-view.js';
import { ZPlanSchema } from './z-user-input.js';

export type SetUserPlanOptions = {
  config: TCoreConfig;
  /** The workspace (a user's personal workspace has the user's id: `user set-plan --user ID`). */
  userId: string;
  plan: TPlan;
  /** Defaults to the plan's monthly submissions. */
  quotaLimit?: number;
  /**
   * See bumpAuthEpochOrReport: the dashboard logs; the CLI and billing leave it out, so the CLI
   * exits 1 and the payment provider retries the event, which settles the plan and bumps again.
   */
  onBumpFailed?: TOnBumpFailed;
};

/** Changes a workspace's plan and quota together (operator CLI, admin, billing). */
export async function setUserPlan({
  config,
  userId,
  plan,
  quotaLimit,
  onBumpFailed,
}: SetUserPlanOptions): Promise<TUserPlanView> {
  const checkedPlan = parseInput(ZPlanSchema, plan);
  const record = await workspaceRepository.setPlan({
    workspaceId: userId,
    plan: checkedPlan,
    quotaLimit: quotaLimit ?? config.plans[checkedPlan].monthlySubmissions,
  });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  // API requests authenticate from a per-replica copy of the plan and quota: retire it.
  await bumpAuthEpochOrReport(userId, onBumpFailed);

  return { id: record.id, plan: record.plan, quotaLimit: record.quotaLimit };
}
