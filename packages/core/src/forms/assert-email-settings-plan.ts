import type { TPlanLimits } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/**
 * Plan gates on turning email features on: submitter emails need STANDARD or PRO, developer
 * notifications need PRO. Turning them off is always allowed, and so is keeping a switch that is
 * already on (`current`): after a downgrade the stored choice stays for an upgrade, and an edit form
 * that sends every setting back must not be refused for it (the plan keeps it from acting).
 */
export function assertEmailSettingsPlan({
  limits,
  emailSettings,
  current = { enabled: false, developerNotificationsEnabled: false },
}: {
  limits: Pick<TPlanLimits, 'emailSettings' | 'developerNotifications'>;
  emailSettings: { enabled?: boolean; developerNotificationsEnabled?: boolean } | undefined;
  /** The form's stored switches; a new form has none on. */
  current?: { enabled: boolean; developerNotificationsEnabled: boolean };
}): void {
  if (emailSettings?.enabled === true && !current.enabled && !limits.emailSettings) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.EMAIL_SETTINGS_PLAN });
  }
  if (
    emailSettings?.developerNotificationsEnabled === true &&
    !current.developerNotificationsEnabled &&
    !limits.developerNotifications
  ) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.DEVELOPER_NOTIFICATIONS_PLAN });
  }
}
