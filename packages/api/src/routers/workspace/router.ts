import { createRouter } from '../../trpc.js';
import { createWorkspaceRoute } from './create-workspace.js';
import { deleteWorkspaceRoute } from './delete-workspace.js';
import { getWorkspaceRoute } from './get-workspace.js';
import { listWorkspacesRoute } from './list-workspaces.js';
import { switchWorkspaceRoute } from './switch-workspace.js';

/**
 * The workspace the caller acts in (keys and sessions), and the dashboard's switcher: the user's
 * workspaces, switching the session's current one, making a new one, deleting one (its owner).
 * Members and invitations have their own routers (dashboard only; the operator uses the CLI).
 */
export const workspaceRouter = createRouter({
  get: getWorkspaceRoute,
  list: listWorkspacesRoute,
  switch: switchWorkspaceRoute,
  create: createWorkspaceRoute,
  delete: deleteWorkspaceRoute,
});
