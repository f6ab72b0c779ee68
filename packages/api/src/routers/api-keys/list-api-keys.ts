import { listApiKeys } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZListApiKeysRequestSchema, ZListApiKeysResponseSchema } from './list-api-keys.types.js';

/** One page of the user's keys, newest first, truncated (`mk_live_AbCd…wxyz`). */
export const listApiKeysRoute = sessionProcedure
  .input(ZListApiKeysRequestSchema)
  .output(ZListApiKeysResponseSchema)
  .query(({ ctx, input }) => listApiKeys({ userId: ctx.user.id, limit: input.limit, cursor: input.cursor }));
