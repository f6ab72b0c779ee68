import type { TEmailPlanLimits } from './effective-email-settings.js';
import { toFormView, type TFormView } from './form-view.js';
import { loadOwnedForm } from './load-owned-form.js';

/** `limits`: the owner's current plan (the caller has it from authentication: no extra read). */
export type GetFormOptions = { userId: string; formId: string; limits: TEmailPlanLimits };

/** GET /api/v1/forms/{formId}: 404 `Form not found` for a missing or another user's form. */
export async function getForm({ userId, formId, limits }: GetFormOptions): Promise<TFormView> {
  return toFormView(await loadOwnedForm({ userId, formId, foreign: 'not-found' }), limits);
}
