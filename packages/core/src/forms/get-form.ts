import type { TFormRecord } from '@formwell/db';
import { z } from 'zod';

import type { TEmailPlanLimits } from './effective-email-settings.js';
import { toFormView, ZFormViewSchema } from './form-view.js';
import { loadOwnedForm } from './load-owned-form.js';

/**
 * The Form of GET /api/v1/forms/{formId} (and of what creating or changing a form over the API
 * answers): the form's view plus how many submissions it caught as spam, honeypot hits and failed
 * CAPTCHAs (never stored) together with the spam folder's.
 */
export const ZFormSchema = ZFormViewSchema.extend({
  spamCount: z.number().int().nonnegative(),
}).meta({ id: 'Form' });

export type TForm = z.infer<typeof ZFormSchema>;

/** `limits`: the owner's current plan (the caller has it from authentication: no extra read). */
export type GetFormOptions = { userId: string; formId: string; limits: TEmailPlanLimits };

/** Both kinds of spam a form caught; the form keeps each count, so this reads nothing more. */
export function spamCountOf(form: TFormRecord): number {
  return form.caughtSpamCount + form.spamFolderCount;
}

/** GET /api/v1/forms/{formId}: 404 `Form not found` for a missing or another user's form. */
export async function getForm({ userId, formId, limits }: GetFormOptions): Promise<TForm> {
  const form = await loadOwnedForm({ userId, formId, foreign: 'not-found' });

  return { ...toFormView(form, limits), spamCount: spamCountOf(form) };
}
