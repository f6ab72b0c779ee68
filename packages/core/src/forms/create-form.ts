import { formRepository, type TFormRecord, workspaceRepository } from '@formwell/db';
import type { z } from 'zod';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlanLimits } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { insertWithSlot } from '../limits/insert-with-slot.js';
import { reserveCappedSlot } from '../limits/reserve-capped-slot.js';
import { countOwnerWideHooksOnNewForm } from '../hooks/store-owner-wide-hook.js';
import { assertEmailSettingsPlan } from './assert-email-settings-plan.js';
import { assertFileFieldsPlan } from './assert-file-fields-plan.js';
import { assertTemplatePlaceholders } from '../email/templates/z-email-template.js';
import { newFormEmailSettings } from './z-email-settings-input.js';
import { toFormDetail, type TFormDetail } from './form-detail.js';
import { ZCreateFormInputSchema, type TCreateFormInput } from './z-form-input.js';

export type CreateFormOptions = { config: TCoreConfig; userId: string; input: TCreateFormInput };

function insertForm(
  userId: string,
  parsed: z.output<typeof ZCreateFormInputSchema>,
  limits: TPlanLimits,
): Promise<TFormRecord> {
  return formRepository.create({
    userId,
    name: parsed.name,
    description: parsed.description,
    formType: parsed.formType,
    fields: parsed.fields,
    settings: { usersJoined: parsed.settings?.usersJoined ?? null },
    emailSettings: newFormEmailSettings(parsed.emailSettings, limits),
    uniqueEmail: parsed.uniqueEmail ?? parsed.formType === 'waitlist',
    retentionDays: parsed.retentionDays ?? null,
    ...(parsed.spamThreshold === undefined ? {} : { spamThreshold: parsed.spamThreshold }),
  });
}

/**
 * Creates a form within the plan's form limit (403 `Form limit reached (n/max) for your plan`). The
 * slot is taken from the workspace's form counter with one conditional update, so concurrent creates
 * cannot exceed the limit.
 */
export async function createForm({ config, userId, input }: CreateFormOptions): Promise<TFormDetail> {
  const parsed = parseInput(ZCreateFormInputSchema, input);
  // A parameter's 400 comes before the plan's 403.
  assertTemplatePlaceholders({
    emailSettings: parsed.emailSettings,
    fieldNames: parsed.fields.map((field) => field.name),
  });
  const user = await workspaceRepository.findById({ workspaceId: userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  const limits = config.plans[user.plan];
  assertEmailSettingsPlan({ limits, emailSettings: parsed.emailSettings });
  assertFileFieldsPlan({ limits, fields: parsed.fields });
  await reserveCappedSlot({
    counter: user.formCount,
    countExisting: () => formRepository.count({ userId }),
    init: (formCount) =>
      workspaceRepository.initCounter({ workspaceId: userId, counter: 'formCount', value: formCount }),
    reserve: (max) => workspaceRepository.reserveSlot({ workspaceId: userId, counter: 'formCount', max }),
    max: limits.maxForms,
    limitMessage: ErrorMessages.formLimit,
  });
  const record = await insertWithSlot(
    () => insertForm(userId, parsed, limits),
    () => workspaceRepository.releaseSlot({ workspaceId: userId, counter: 'formCount' }),
  );
  // REST hooks subscribed without a form follow this one too: its endpoint count must say so.
  await countOwnerWideHooksOnNewForm({ userId, formId: record.id });

  return toFormDetail(record, limits);
}
