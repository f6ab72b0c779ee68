import { toFormDetail, type TFormDetail } from './form-detail.js';
import { loadOwnedForm } from './load-owned-form.js';

export type GetFormDetailOptions = { userId: string; formId: string };

/** The dashboard's view of one form, with every setting. */
export async function getFormDetail({ userId, formId }: GetFormDetailOptions): Promise<TFormDetail> {
  return toFormDetail(await loadOwnedForm({ userId, formId, foreign: 'not-found' }));
}
