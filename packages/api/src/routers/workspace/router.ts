import { createRouter } from '../../trpc.js';
import { getWorkspaceRoute } from './get-workspace.js';

/** The workspace the caller acts in; members and invitations are managed in the dashboard and CLI. */
export const workspaceRouter = createRouter({
  get: getWorkspaceRoute,
});
