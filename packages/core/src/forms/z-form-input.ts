import { z } from 'zod';

import { ZFormTypeSchema } from './form-types.js';
import { ZPublicSubmissionsInputSchema } from '../public-forms/z-public-submissions.js';
import { ZFormFieldsSchema } from './z-form-field.js';

const ZEmailSettingsInputSchema = z.object({
  enabled: z.boolean().optional(),
  developerNotificationsEnabled: z.boolean().optional(),
  developerEmail: z.email().nullable().optional(),
  subject: z.string().max(200).nullable().optional(),
  replyTo: z.email().nullable().optional(),
});

/** A spam score from which submissions go to the spam folder; 1 files nothing there by score. */
const ZSpamThresholdSchema = z.number().gt(0).max(1);

const ZSettingsInputSchema = z.object({
  usersJoined: z.object({ enabled: z.boolean() }).nullable().optional(),
});

export const ZCreateFormInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  // Trimmed as the name is: a description is shown in lists and pages, where edge spaces are noise.
  description: z.string().trim().max(2000).default(''),
  formType: ZFormTypeSchema,
  fields: ZFormFieldsSchema.default([]),
  settings: ZSettingsInputSchema.optional(),
  emailSettings: ZEmailSettingsInputSchema.optional(),
  /** Defaults to true for `waitlist` (one sign-up per email), false otherwise. */
  uniqueEmail: z.boolean().optional(),
  retentionDays: z.number().int().min(1).max(3650).nullable().optional(),
  spamThreshold: ZSpamThresholdSchema.optional(),
});

export type TCreateFormInput = z.input<typeof ZCreateFormInputSchema>;

/** Partial update; `formType` may change, `fields` replace the whole list. */
export const ZUpdateFormInputSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  formType: ZFormTypeSchema.optional(),
  fields: ZFormFieldsSchema.optional(),
  settings: ZSettingsInputSchema.optional(),
  emailSettings: ZEmailSettingsInputSchema.optional(),
  uniqueEmail: z.boolean().optional(),
  retentionDays: z.number().int().min(1).max(3650).nullable().optional(),
  spamThreshold: ZSpamThresholdSchema.optional(),
  /** The keyless endpoint for plain HTML forms: opt-in, allowed origins, CAPTCHA. */
  publicSubmissions: ZPublicSubmissionsInputSchema.optional(),
});

export type TUpdateFormInput = z.input<typeof ZUpdateFormInputSchema>;
