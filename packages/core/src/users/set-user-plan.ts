import { userRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { bumpAuthEpoch } from '../api-keys/auth-epoch.js';
import { parseInput } from '../errors/parse-input.js';
import type { TUserPlanView } from './user-view.js';
import { ZPlanSchema } from './z-user-input.js';

export type SetUserPlanOptions = {
  config: TCoreConfig;
  userId: string;
  plan: TPlan;
  /** Defaults to the plan's monthly submissions. */
  quotaLimit?: number;
};

/** Changes a user's plan and quota together (operator CLI, admin, billing). */
export async function setUserPlan({
  config,
  userId,
  plan,
  quotaLimit,
}: SetUserPlanOptions): Promise<TUserPlanView> {
  const checkedPlan = parseInput(ZPlanSchema, plan);
  const record = await userRepository.setPlan({
    userId,
    plan: checkedPlan,
    quotaLimit: quotaLimit ?? config.plans[checkedPlan].monthlySubmissions,
  });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  // API requests authenticate from a per-replica copy of the plan and quota: retire it.
  await bumpAuthEpoch(userId);

  return { id: record.id, plan: record.plan, quotaLimit: record.quotaLimit };
}
