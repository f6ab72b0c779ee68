import { listApiKeys } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZListApiKeysRequestSchema, ZListApiKeysResponseSchema } from './list-api-keys.types.js';

/** The user's keys, newest first, truncated (`mk_live_AbCd…wxyz`). */
export const listApiKeysRoute = authedProcedure
  .input(ZListApiKeysRequestSchema)
  .output(ZListApiKeysResponseSchema)
  .query(async ({ ctx }) => ({ apiKeys: await listApiKeys({ userId: ctx.user.id }) }));
