import { createRouter } from '../../trpc.js';
import { listUsersRoute } from './list-users.js';
import { setUserPlanRoute } from './set-user-plan.js';
import { setWorkspacePlanRoute } from './set-workspace-plan.js';

/** Staff-only procedures (role ADMIN). */
export const adminRouter = createRouter({
  listUsers: listUsersRoute,
  setUserPlan: setUserPlanRoute,
  setWorkspacePlan: setWorkspacePlanRoute,
});
