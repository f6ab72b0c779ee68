import { NOTIFICATION_MODES, notificationPreferenceRepository } from '@formwell/db';
import { z } from 'zod';

import { AppErrorCode } from '../../errors/app-error-code.js';
import { AppError } from '../../errors/app-error.js';
import { ErrorMessages } from '../../errors/error-messages.js';
import { parseInput } from '../../errors/parse-input.js';
import { loadOwnedForm } from '../../forms/load-owned-form.js';
import { memberModes } from './member-modes.js';

export const ZNotificationModeSchema = z.enum(NOTIFICATION_MODES);

/** One member's notification choice for a form, as the dashboard and the CLI show it. */
export const ZNotificationPreferenceViewSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.string(),
  mode: ZNotificationModeSchema,
  /** False while the member's address is unverified: nothing is mailed to it until then. */
  emailVerified: z.boolean(),
});

export type TNotificationPreferenceView = z.infer<typeof ZNotificationPreferenceViewSchema>;

/** Every member of the form's workspace and how each hears of its submissions. */
export async function listNotificationPreferences({
  workspaceId,
  formId,
}: {
  workspaceId: string;
  formId: string;
}): Promise<TNotificationPreferenceView[]> {
  await loadOwnedForm({ userId: workspaceId, formId, foreign: 'not-found' });

  return (await memberModes({ workspaceId, formId })).map(({ user, role, mode }) => ({
    userId: user.id,
    email: user.email,
    role,
    mode,
    emailVerified: user.emailVerifiedAt !== null,
  }));
}

/**
 * Sets how one member hears of a form's submissions: each one (`instant`), an `hourly` or `daily`
 * digest, or `off`. The form must be the workspace's (404 `Form not found`) and the user one of its
 * members (404 `Member not found`). A move from a digest to instant or the other digest keeps the
 * period already begun for that digest, up to the move (see digestSpan).
 */
export async function setNotificationPreference({
  workspaceId,
  formId,
  userId,
  mode,
  now = new Date(),
}: {
  workspaceId: string;
  formId: string;
  userId: string;
  /** Checked here: the CLI passes what the operator typed. */
  mode: string;
  now?: Date;
}): Promise<TNotificationPreferenceView> {
  const checked = parseInput(ZNotificationModeSchema, mode);
  await loadOwnedForm({ userId: workspaceId, formId, foreign: 'not-found' });
  const member = (await memberModes({ workspaceId, formId })).find((entry) => entry.user.id === userId);
  if (!member) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.MEMBER_NOT_FOUND });
  }
  await notificationPreferenceRepository.set({ workspaceId, formId, userId, mode: checked, now });

  return {
    userId,
    email: member.user.email,
    role: member.role,
    mode: checked,
    emailVerified: member.user.emailVerifiedAt !== null,
  };
}
