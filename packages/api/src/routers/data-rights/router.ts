import { createRouter } from '../../trpc.js';
import { deleteAccountRoute } from './delete-account.js';
import { exportAccountRoute } from './export-account.js';
import { eraseSubmitterRoute, findSubmitterRoute } from './submitter.js';

/** The dashboard's data-rights procedures; the owner is always the signed-in user. */
export const dataRightsRouter = createRouter({
  exportAccount: exportAccountRoute,
  deleteAccount: deleteAccountRoute,
  findSubmitter: findSubmitterRoute,
  eraseSubmitter: eraseSubmitterRoute,
});
