import type { TFormRecord } from '@formwell/db';

import type { TPlanLimits } from '../config/plans.js';

/** What of a plan decides whether a form's emails go out. */
export type TEmailPlanLimits = Pick<TPlanLimits, 'emailSettings' | 'developerNotifications'>;

/**
 * The email switches as they act under the owner's current plan: a switch is on only if the owner
 * turned it on and the plan includes the feature. The stored choice is kept as the owner left it
 * (a downgrade does not clear it), so an upgrade brings the emails back without setting them again;
 * what a form shows as `emailSettings`, and what a submission sends, is this effective value.
 */
export function effectiveEmailSettings(
  stored: Pick<TFormRecord['emailSettings'], 'enabled' | 'developerNotificationsEnabled'>,
  limits: TEmailPlanLimits,
): { enabled: boolean; developerNotificationsEnabled: boolean } {
  return {
    enabled: stored.enabled && limits.emailSettings,
    developerNotificationsEnabled: stored.developerNotificationsEnabled && limits.developerNotifications,
  };
}
