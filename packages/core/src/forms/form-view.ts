import type { TFormRecord } from '@formwell/db';
import { z } from 'zod';

import { effectiveEmailSettings, type TEmailPlanLimits } from './effective-email-settings.js';
import { FORM_TYPE_DISPLAY, formTypeSpecific, ZFormTypeSchema, type TFormType } from './form-types.js';
import { ZFormFieldViewSchema, type TFormField } from './z-form-field.js';

/**
 * What an API key's holder may see of a form's own document; the API's Form adds its spam count
 * (ZFormSchema in get-form.ts), the dashboard's views every stored setting.
 */
export const ZFormViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  formType: ZFormTypeSchema,
  formTypeDisplay: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submissionCount: z.number(),
  fields: z.array(ZFormFieldViewSchema),
  emailSettings: z.object({ enabled: z.boolean(), developerNotificationsEnabled: z.boolean() }),
  usersJoinedSettings: z.object({ enabled: z.boolean(), count: z.number() }).nullable(),
  formTypeSpecific: z.record(z.string(), z.unknown()),
});

export type TFormView = z.infer<typeof ZFormViewSchema>;

/** `limits`: the owner's current plan, which decides whether the email switches act (see effectiveEmailSettings). */
export function toFormView(record: TFormRecord, limits: TEmailPlanLimits): TFormView {
  const usersJoined = record.settings.usersJoined;
  const formType = record.formType as TFormType;

  return {
    id: record.id,
    name: record.name,
    title: record.name,
    description: record.description,
    formType,
    formTypeDisplay: FORM_TYPE_DISPLAY[formType],
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    submissionCount: record.submissionCount,
    fields: record.fields as TFormField[],
    emailSettings: effectiveEmailSettings(record.emailSettings, limits),
    // Null unless the users-joined feature is set up and enabled: the counter is the submission count.
    usersJoinedSettings: usersJoined?.enabled ? { enabled: true, count: record.submissionCount } : null,
    formTypeSpecific: formTypeSpecific(formType),
  };
}
