import { getMe } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZGetMeRequestSchema, ZGetMeResponseSchema } from './get-me.types.js';

/** The signed-in user (the dashboard's "who am I"); 401 without a valid session. */
export const getMeRoute = sessionProcedure
  .input(ZGetMeRequestSchema)
  .output(ZGetMeResponseSchema)
  .query(({ ctx }) => getMe({ userId: ctx.user.id }));
