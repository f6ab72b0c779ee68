import { createRouter } from '../../trpc.js';
import { createFormRoute } from './create-form.js';
import { deleteFormRoute } from './delete-form.js';
import { getFormAnalyticsRoute } from './get-form-analytics.js';
import { getFormRoute } from './get-form.js';
import { listFormsRoute } from './list-forms.js';
import { updateFormRoute } from './update-form.js';

/** The dashboard's form management (session cookie). */
export const formsRouter = createRouter({
  create: createFormRoute,
  update: updateFormRoute,
  delete: deleteFormRoute,
  list: listFormsRoute,
  get: getFormRoute,
  analytics: getFormAnalyticsRoute,
});
