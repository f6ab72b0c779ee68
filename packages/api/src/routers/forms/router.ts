import { createRouter } from '../../trpc.js';
import { createFormRoute } from './create-form.js';
import { deleteFormRoute } from './delete-form.js';
import { getFormAnalyticsRoute } from './get-form-analytics.js';
import { getFormRoute } from './get-form.js';
import { getUsersJoinedRoute } from './get-users-joined.js';
import { listFormsRoute } from './list-forms.js';
import { submitFormRoute } from './submit-form.js';
import { updateFormRoute } from './update-form.js';
import { listNotificationsRoute, previewEmailRoute, setNotificationModeRoute } from './form-notifications.js';

/**
 * Forms: the dashboard's management, the REST API's reads and the keyed submit. Order matters:
 * trpc-to-openapi matches paths in definition order, so `/forms/list` and `/forms/submit` come
 * before `/forms/{formId}`.
 */
export const formsRouter = createRouter({
  list: listFormsRoute,
  submit: submitFormRoute,
  get: getFormRoute,
  usersJoined: getUsersJoinedRoute,
  analytics: getFormAnalyticsRoute,
  create: createFormRoute,
  update: updateFormRoute,
  delete: deleteFormRoute,
  notifications: listNotificationsRoute,
  setNotificationMode: setNotificationModeRoute,
  previewEmail: previewEmailRoute,
});
