import { formRepository, userRepository } from '@formwell/db';

import { getConfig } from '../config/get-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { assertEmailSettingsPlan } from './assert-email-settings-plan.js';
import { toFormDetail, type TFormDetail } from './form-detail.js';
import { ZCreateFormInputSchema, type TCreateFormInput } from './z-form-input.js';

export type CreateFormOptions = { userId: string; input: TCreateFormInput };

/** Creates a form within the plan's form limit (403 `Form limit reached (n/max) for your plan`). */
export async function createForm({ userId, input }: CreateFormOptions): Promise<TFormDetail> {
  const parsed = parseInput(ZCreateFormInputSchema, input);
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  const max = getConfig().plans[user.plan].maxForms;
  // Count-then-insert: two concurrent creates can overshoot by one. Forms are created by hand, so
  // this race is accepted rather than paid for with a counter document.
  const count = await formRepository.count({ userId });
  if (count >= max) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.formLimit(count, max) });
  }
  assertEmailSettingsPlan({ plan: user.plan, emailSettings: parsed.emailSettings });
  const record = await formRepository.create({
    userId,
    name: parsed.name,
    description: parsed.description,
    formType: parsed.formType,
    fields: parsed.fields,
    settings: { usersJoined: parsed.settings?.usersJoined ?? null },
    emailSettings: {
      enabled: parsed.emailSettings?.enabled ?? false,
      developerNotificationsEnabled: parsed.emailSettings?.developerNotificationsEnabled ?? false,
      developerEmail: parsed.emailSettings?.developerEmail ?? null,
      subject: parsed.emailSettings?.subject ?? null,
      replyTo: parsed.emailSettings?.replyTo ?? null,
    },
    uniqueEmail: parsed.uniqueEmail ?? parsed.formType === 'waitlist',
    retentionDays: parsed.retentionDays ?? null,
  });

  return toFormDetail(record);
}
