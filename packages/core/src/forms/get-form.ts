import { z } from 'zod';

import { countFormSpam } from './count-form-spam.js';
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

/** GET /api/v1/forms/{formId}: 404 `Form not found` for a missing or another user's form. */
export async function getForm({ userId, formId, limits }: GetFormOptions): Promise<TForm> {
  const [form, spam] = await Promise.all([
    loadOwnedForm({ userId, formId, foreign: 'not-found' }),
    countFormSpam({ userId, formId }),
  ]);

  return { ...toFormView(form, limits), spamCount: spam.caught + spam.inFolder };
}
