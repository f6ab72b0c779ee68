import { getConfig } from '../config/get-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/** Plan gates of decisions §4 on turning email features on (turning them off is always allowed). */
export function assertEmailSettingsPlan({
  plan,
  emailSettings,
}: {
  plan: TPlan;
  emailSettings: { enabled?: boolean; developerNotificationsEnabled?: boolean } | undefined;
}): void {
  const limits = getConfig().plans[plan];
  if (emailSettings?.enabled === true && !limits.emailSettings) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.EMAIL_SETTINGS_PLAN });
  }
  if (emailSettings?.developerNotificationsEnabled === true && !limits.developerNotifications) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.DEVELOPER_NOTIFICATIONS_PLAN });
  }
}
