import { formStatsRepository, spamFolderRepository } from '@formwell/db';
import { z } from 'zod';

import type { TEmailPlanLimits } from './effective-email-settings.js';
import { toFormDetail, ZFormDetailSchema } from './form-detail.js';
import { loadOwnedForm } from './load-owned-form.js';

/**
 * The dashboard's read of one form: its detail, plus how many submissions were caught as spam: the
 * honeypot's and failed CAPTCHAs (answered, never stored: this count is the one place an owner
 * sees them) and those in the spam folder now; on every plan, unlike analytics.
 */
export const ZFormReadSchema = ZFormDetailSchema.extend({
  spamCount: z.number().int().nonnegative(),
  /** The part of `spamCount` that was answered and never stored (honeypot, failed CAPTCHA). */
  caughtCount: z.number().int().nonnegative(),
});

type TFormRead = z.infer<typeof ZFormReadSchema>;

/** `limits`: the owner's current plan (from the session: no extra read). */
export type GetFormDetailOptions = { userId: string; formId: string; limits: TEmailPlanLimits };

/** The dashboard's view of one form, with every setting and its spam count. */
export async function getFormDetail({ userId, formId, limits }: GetFormDetailOptions): Promise<TFormRead> {
  // The count is read under the same owner, so running both at once shows nothing of another's form.
  const [form, caught, inFolder] = await Promise.all([
    loadOwnedForm({ userId, formId, foreign: 'not-found' }),
    formStatsRepository.spamCount({ userId, formId }),
    spamFolderRepository.count({ userId, formId }),
  ]);

  return { ...toFormDetail(form, limits), spamCount: caught + inFolder, caughtCount: caught };
}
