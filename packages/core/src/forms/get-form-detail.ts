import type { TEmailPlanLimits } from './effective-email-settings.js';
import { toFormDetail, type TFormDetail } from './form-detail.js';
import { loadOwnedForm } from './load-owned-form.js';

/** `limits`: the owner's current plan (from the session: no extra read). */
export type GetFormDetailOptions = { userId: string; formId: string; limits: TEmailPlanLimits };

/** The dashboard's view of one form, with every setting. */
export async function getFormDetail({ userId, formId, limits }: GetFormDetailOptions): Promise<TFormDetail> {
  return toFormDetail(await loadOwnedForm({ userId, formId, foreign: 'not-found' }), limits);
}
