import { createRouter } from '../../trpc.js';
import { changeMemberRoleRoute } from './change-member-role.js';
import { leaveWorkspaceRoute } from './leave-workspace.js';
import { listMembersRoute } from './list-members.js';
import { removeMemberRoute } from './remove-member.js';
import { transferOwnershipRoute } from './transfer-ownership.js';

/** The members of the session's current workspace (dashboard only; keys never manage members). */
export const membersRouter = createRouter({
  list: listMembersRoute,
  changeRole: changeMemberRoleRoute,
  remove: removeMemberRoute,
  leave: leaveWorkspaceRoute,
  transferOwnership: transferOwnershipRoute,
});
