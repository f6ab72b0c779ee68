import { listUsers } from '@formwell/core';

import { adminProcedure } from '../../actor/actor-procedure.js';
import { ZListUsersRequestSchema, ZListUsersResponseSchema } from './list-users.types.js';

/** Staff: every account, newest first. */
export const listUsersRoute = adminProcedure
  .input(ZListUsersRequestSchema)
  .output(ZListUsersResponseSchema)
  .query(({ input }) => listUsers({ limit: input.limit, cursor: input.cursor }));
