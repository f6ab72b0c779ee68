import { z } from 'zod';

import type { TEmailPlanLimits } from './effective-email-settings.js';
import { toFormDetail, ZFormDetailSchema } from './form-detail.js';
import { spamCountOf, ZFormSchema } from './get-form.js';
import { loadOwnedForm } from './load-owned-form.js';

/**
 * The dashboard's read of one form: its detail, plus how many submissions were caught as spam (the
 * Form's `spamCount`), of which `caughtCount` were answered and never stored (honeypot, failed
 * CAPTCHA: this count is the one place an owner sees them); on every plan, unlike analytics.
 */
export const ZFormReadSchema = ZFormDetailSchema.extend({
  spamCount: ZFormSchema.shape.spamCount,
  caughtCount: z.number().int().nonnegative(),
});

type TFormRead = z.infer<typeof ZFormReadSchema>;

/** `limits`: the owner's current plan (from the session: no extra read). */
export type GetFormDetailOptions = { userId: string; formId: string; limits: TEmailPlanLimits };

/** The dashboard's view of one form, with every setting and its spam count. */
export async function getFormDetail({ userId, formId, limits }: GetFormDetailOptions): Promise<TFormRead> {
  const form = await loadOwnedForm({ userId, formId, foreign: 'not-found' });

  return { ...toFormDetail(form, limits), spamCount: spamCountOf(form), caughtCount: form.caughtSpamCount };
}
