import type { TPlanLimits } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/**
 * Plan gates on turning email features on: submitter emails need STANDARD or PRO, developer
 * notifications need PRO. Turning them off is always allowed.
 */
export function assertEmailSettingsPlan({
  limits,
  emailSettings,
}: {
  limits: Pick<TPlanLimits, 'emailSettings' | 'developerNotifications'>;
  emailSettings: { enabled?: boolean; developerNotificationsEnabled?: boolean } | undefined;
}): void {
  if (emailSettings?.enabled === true && !limits.emailSettings) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.EMAIL_SETTINGS_PLAN });
  }
  if (emailSettings?.developerNotificationsEnabled === true && !limits.developerNotifications) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.DEVELOPER_NOTIFICATIONS_PLAN });
  }
}
