import { createRouter } from '../../trpc.js';
import { getMailRoute } from './get-mail.js';
import { listMailRoute } from './list-mail.js';

/** The dashboard's view of the email log (session cookie), captured mail of the embedded default included. */
export const mailRouter = createRouter({
  list: listMailRoute,
  get: getMailRoute,
});
