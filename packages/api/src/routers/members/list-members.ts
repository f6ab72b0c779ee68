import { listMembers } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZListMembersRequestSchema, ZListMembersResponseSchema } from './members.types.js';

/** Who belongs to the current workspace, with their roles; every member may read it. */
export const listMembersRoute = sessionProcedure
  .input(ZListMembersRequestSchema)
  .output(ZListMembersResponseSchema)
  .query(async ({ ctx }) => ({ members: await listMembers({ workspaceId: ctx.actor.workspaceId }) }));
