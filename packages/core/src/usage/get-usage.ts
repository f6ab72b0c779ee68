import { monthlyUsageRepository, userRepository } from '@formwell/db';

import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { usageMonth } from '../submissions/usage-month.js';

export type TUsage = { month: string; used: number; limit: number; plan: TPlan };

/** This UTC month's submission usage against the user's quota (dashboard). */
export async function getUsage({
  userId,
  now = new Date(),
}: {
  userId: string;
  now?: Date;
}): Promise<TUsage> {
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  const month = usageMonth(now);

  return {
    month,
    used: await monthlyUsageRepository.get({ userId, month }),
    limit: user.quotaLimit,
    plan: user.plan,
  };
}
