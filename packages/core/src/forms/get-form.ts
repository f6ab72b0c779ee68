import { toFormView, type TFormView } from './form-view.js';
import { loadOwnedForm } from './load-owned-form.js';

export type GetFormOptions = { userId: string; formId: string };

/** GET /api/v1/forms/{formId}: 404 `Form not found` for a missing or another user's form. */
export async function getForm({ userId, formId }: GetFormOptions): Promise<TFormView> {
  return toFormView(await loadOwnedForm({ userId, formId, foreign: 'not-found' }));
}
