import { formRepository } from '@formwell/db';

import { formNotFound } from '../forms/load-owned-form.js';

/**
 * What the thank-you page of a form's keyless endpoint shows: its name. 404 `Form not found` for a
 * form that did not opt in, exactly as for no form, so the page reveals nothing about other forms.
 */
export async function getPublicFormName({ formId }: { formId: string }): Promise<string> {
  const form = await formRepository.findForPublicSubmit({ formId });
  if (!form?.publicSubmissions.enabled) {
    throw formNotFound();
  }

  return form.name;
}
