import type { TFormRecord } from '@formwell/db';
import { z } from 'zod';

import {
  toPublicSubmissionsView,
  ZPublicSubmissionsViewSchema,
} from '../public-forms/z-public-submissions.js';
import type { TEmailPlanLimits } from './effective-email-settings.js';
import { toFormView, ZFormViewSchema } from './form-view.js';
import { ZStoredEmailTemplateSchema } from '../email/templates/z-email-template.js';
import { spamThresholdOf } from '../spam/judge-submission.js';

/**
 * The owner's full view of a form (dashboard): the public Form plus every stored setting.
 * `emailSettings` says what acts under the current plan; `emailSettingsFull` is the owner's stored
 * choice, kept through a downgrade so an upgrade restores it.
 */
export const ZFormDetailSchema = ZFormViewSchema.extend({
  settings: z.object({ usersJoined: z.object({ enabled: z.boolean() }).nullable() }),
  emailSettingsFull: z.object({
    enabled: z.boolean(),
    developerNotificationsEnabled: z.boolean(),
    developerEmail: z.string().nullable(),
    subject: z.string().nullable(),
    replyTo: z.string().nullable(),
    confirmUnverified: z.boolean(),
    /** The owner's templates; null (or a null part) where the built-in one is used. */
    notificationTemplate: ZStoredEmailTemplateSchema,
    confirmationTemplate: ZStoredEmailTemplateSchema,
  }),
  uniqueEmail: z.boolean(),
  retentionDays: z.number().nullable(),
  /** The spam score from which a submission goes to the spam folder (0.8 unless the owner set one). */
  spamThreshold: z.number(),
  /** The keyless HTML endpoint's settings; the CAPTCHA secret is never part of a view. */
  publicSubmissions: ZPublicSubmissionsViewSchema,
});

export type TFormDetail = z.infer<typeof ZFormDetailSchema>;

export function toFormDetail(record: TFormRecord, limits: TEmailPlanLimits): TFormDetail {
  return {
    ...toFormView(record, limits),
    settings: record.settings,
    emailSettingsFull: record.emailSettings,
    uniqueEmail: record.uniqueEmail,
    retentionDays: record.retentionDays,
    spamThreshold: spamThresholdOf(record),
    publicSubmissions: toPublicSubmissionsView(record.publicSubmissions),
  };
}
