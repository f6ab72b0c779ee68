import { z } from 'zod';

import type { TPlanLimits } from '../config/plans.js';
import { mergeTemplate, ZEmailTemplateInputSchema } from '../email/templates/z-email-template.js';

/**
 * A form's email switches and addresses as an owner sends them: on create, and on update (the
 * dashboard's editor and `PATCH /api/v1/forms/{formId}`), where the parts sent replace the stored
 * ones and the rest stay. The only definition of this body: extend it here (templates, recipients),
 * and the dashboard, the REST API, its OpenAPI document and the generated client follow.
 *
 * `enabled` is the submitter's confirmation, `developerNotificationsEnabled` the owner's
 * notification; turning either on is checked against the plan (assertEmailSettingsPlan).
 */
export const ZEmailSettingsInputSchema = z.object({
  enabled: z.boolean().optional(),
  developerNotificationsEnabled: z.boolean().optional(),
  developerEmail: z.email().nullable().optional(),
  /** The confirmation's older subject setting: rendered as its template subject, so checked as one. */
  subject: z.string().max(200).nullable().optional(),
  replyTo: z.email().nullable().optional(),
  /** Confirm submitters who passed no CAPTCHA and used no server-side key (see the README's warning). */
  confirmUnverified: z.boolean().optional(),
  /**
   * Subject and Markdown body of the owner's notification and the submitter's confirmation
   * (placeholders such as `{{form.name}}`, `{{fields}}`, `{{field.NAME}}`); null, or a null part,
   * for the built-in one; a part left out keeps what is stored. A confirmation to an unverified
   * submitter is sent without the parts that quote them (see formEmailTemplate). The placeholders
   * are checked by assertTemplatePlaceholders, whose 400 names unknown ones.
   */
  notificationTemplate: ZEmailTemplateInputSchema.nullable().optional(),
  confirmationTemplate: ZEmailTemplateInputSchema.nullable().optional(),
});

type TEmailSettingsInput = z.output<typeof ZEmailSettingsInputSchema>;

/**
 * A new form's stored email settings: what was sent, everything else off or empty, except the owner
 * notification: on by default wherever the plan (or the operator's lifted gate) includes it, so
 * owners hear of their first submission without looking for a switch.
 */
export function newFormEmailSettings(
  input: TEmailSettingsInput | undefined,
  limits: Pick<TPlanLimits, 'developerNotifications'>,
) {
  return {
    enabled: input?.enabled ?? false,
    developerNotificationsEnabled: input?.developerNotificationsEnabled ?? limits.developerNotifications,
    developerEmail: input?.developerEmail ?? null,
    subject: input?.subject ?? null,
    replyTo: input?.replyTo ?? null,
    confirmUnverified: input?.confirmUnverified ?? false,
    notificationTemplate: mergeTemplate(input?.notificationTemplate),
    confirmationTemplate: mergeTemplate(input?.confirmationTemplate),
  };
}
