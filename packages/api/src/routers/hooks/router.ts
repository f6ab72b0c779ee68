import { createRouter } from '../../trpc.js';
import { createHookRoute } from './create-hook.js';
import { deleteHookRoute } from './delete-hook.js';

/** REST hook subscriptions of automation platforms (Zapier, Make, n8n); keys and dashboard alike. */
export const hooksRouter = createRouter({
  create: createHookRoute,
  delete: deleteHookRoute,
});
