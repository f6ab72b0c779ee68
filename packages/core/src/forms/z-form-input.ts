import { z } from 'zod';

import { ZFormTypeSchema } from './form-types.js';
import { ZPublicSubmissionsInputSchema } from '../public-forms/z-public-submissions.js';
import { ZFormFieldsSchema } from './z-form-field.js';
import { ZEmailSettingsInputSchema } from './z-email-settings-input.js';

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

/**
 * Partial update: the create schema with every part optional; `formType` may change, `fields`
 * replace the whole list. `.partial()` keeps a field's default, so the two defaulted parts are
 * restated without it: an update that leaves them out must not reset them.
 */
export const ZUpdateFormInputSchema = ZCreateFormInputSchema.partial().extend({
  description: ZCreateFormInputSchema.shape.description.removeDefault().optional(),
  fields: ZCreateFormInputSchema.shape.fields.removeDefault().optional(),
  /** The keyless endpoint for plain HTML forms: opt-in, allowed origins, CAPTCHA. */
  publicSubmissions: ZPublicSubmissionsInputSchema.optional(),
});

export type TUpdateFormInput = z.input<typeof ZUpdateFormInputSchema>;
