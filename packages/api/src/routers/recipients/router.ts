import { createRouter } from '../../trpc.js';
import { confirmRecipientRoute, unsubscribeRecipientRoute } from './recipient-links.js';
import {
  addRecipientRoute,
  listRecipientsRoute,
  removeRecipientRoute,
  resendRecipientLinkRoute,
} from './recipient-procedures.js';

/**
 * A form's extra notification recipients: managed from the dashboard and over `/api/v1`, and the
 * two public links each recipient gets (confirm, unsubscribe).
 */
export const recipientsRouter = createRouter({
  list: listRecipientsRoute,
  add: addRecipientRoute,
  remove: removeRecipientRoute,
  resendLink: resendRecipientLinkRoute,
  confirm: confirmRecipientRoute,
  unsubscribe: unsubscribeRecipientRoute,
});
