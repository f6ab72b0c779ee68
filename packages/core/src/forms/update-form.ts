import { formRepository, keyExistingEmails, type TFormWritable, workspaceRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { assertEmailSettingsPlan } from './assert-email-settings-plan.js';
import { assertFileFieldsPlan } from './assert-file-fields-plan.js';
import { assertTemplatePlaceholders, mergeTemplate } from '../email/templates/z-email-template.js';
import type { TFormField } from './z-form-field.js';
import { toFormDetail, type TFormDetail } from './form-detail.js';
import { loadOwnedForm } from './load-owned-form.js';
import { uniqueEmailKey } from '../submissions/submission-email.js';
import { ZUpdateFormInputSchema, type TUpdateFormInput } from './z-form-input.js';
import { formNotFound } from './load-owned-form.js';

/** The parts an update stores as sent; the others merge with what is stored (below). */
const STORED_AS_SENT = [
  'name',
  'description',
  'formType',
  'fields',
  'uniqueEmail',
  'retentionDays',
  'spamThreshold',
] as const;

/** The named parts the update carries (a part left out keeps its stored value). */
function sentParts<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]),
  ) as Partial<Pick<T, K>>;
}

export type UpdateFormOptions = {
  config: TCoreConfig;
  userId: string;
  formId: string;
  data: TUpdateFormInput;
  /** See bumpAuthEpochOrReport: the dashboard logs; the CLI leaves it out and exits 1. */
  onBumpFailed?: TOnBumpFailed;
};

/**
 * Partial update of the owner's form; 404 `Form not found` for a missing or foreign form. Servers
 * submit from a per-process copy of the form kept under the owner's auth epoch: the bump after the
 * write makes every replica read the edited form on its next submit.
 */
export async function updateForm({
  config,
  userId,
  formId,
  data,
  onBumpFailed,
}: UpdateFormOptions): Promise<TFormDetail> {
  const parsed = parseInput(ZUpdateFormInputSchema, data);
  // What needs no field names is a parameter's 400, before the form's 404.
  assertTemplatePlaceholders({ emailSettings: parsed.emailSettings });
  const current = await loadOwnedForm({ userId, formId, foreign: 'not-found' });
  const user = await workspaceRepository.findById({ workspaceId: userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  const limits = config.plans[user.plan];
  assertEmailSettingsPlan({ limits, emailSettings: parsed.emailSettings, current: current.emailSettings });
  assertFileFieldsPlan({ limits, fields: parsed.fields, current: current.fields as TFormField[] });
  const set: Partial<TFormWritable> = sentParts(parsed, STORED_AS_SENT);
  if (parsed.settings?.usersJoined !== undefined) {
    set.settings = { usersJoined: parsed.settings.usersJoined };
  }
  if (parsed.emailSettings !== undefined) {
    const { notificationTemplate, confirmationTemplate, ...switches } = parsed.emailSettings;
    set.emailSettings = {
      ...current.emailSettings,
      ...switches,
      notificationTemplate: mergeTemplate(notificationTemplate, current.emailSettings.notificationTemplate),
      confirmationTemplate: mergeTemplate(confirmationTemplate, current.emailSettings.confirmationTemplate),
    };
  }
  // Checked against the fields the form will have: a template naming a field removed now is refused.
  const { notificationTemplate, confirmationTemplate } = set.emailSettings ?? current.emailSettings;
  assertTemplatePlaceholders({
    emailSettings: { notificationTemplate, confirmationTemplate },
    fieldNames: (parsed.fields ?? (current.fields as TFormField[])).map((field) => field.name),
  });
  if (parsed.publicSubmissions !== undefined) {
    // Parts left out keep their stored value, so turning the endpoint on keeps a configured CAPTCHA.
    const { enabled, allowedOrigins, captcha } = parsed.publicSubmissions;
    set.publicSubmissions = {
      enabled: enabled ?? current.publicSubmissions.enabled,
      allowedOrigins: allowedOrigins ?? current.publicSubmissions.allowedOrigins,
      captcha: captcha === undefined ? current.publicSubmissions.captcha : captcha,
    };
  }
  const turnsUniqueEmailOn = parsed.uniqueEmail === true && !current.uniqueEmail;
  if (turnsUniqueEmailOn) {
    // Addresses the form collected while the rule was off count as used from now on. Keyed before
    // the rule is saved, so a request failing part-way leaves the rule off and sending it again
    // does the whole work (each pass reads every submission of the form: only when switching on).
    await keyExistingEmails({ userId, formId, keyOf: uniqueEmailKey });
  }
  const record = await formRepository.update({ userId, formId, set });
  if (!record) {
    throw formNotFound();
  }
  if (turnsUniqueEmailOn) {
    // The submissions that came in while the rule was being saved.
    await keyExistingEmails({ userId, formId, keyOf: uniqueEmailKey });
  }
  await bumpAuthEpochOrReport(userId, onBumpFailed);

  return toFormDetail(record, limits);
}
