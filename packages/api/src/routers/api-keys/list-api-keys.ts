import { listApiKeys } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZListApiKeysRequestSchema, ZListApiKeysResponseSchema } from './list-api-keys.types.js';

/** One page of the user's keys, newest first, truncated (`mk_live_AbCd…wxyz`). */
export const listApiKeysRoute = authedProcedure
  .input(ZListApiKeysRequestSchema)
  .output(ZListApiKeysResponseSchema)
  .query(({ ctx, input }) => listApiKeys({ userId: ctx.user.id, limit: input.limit, cursor: input.cursor }));
