import { endOtherSessions, listOwnSessions } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import {
  ZEndOtherSessionsRequestSchema,
  ZEndOtherSessionsResponseSchema,
  ZListSessionsRequestSchema,
  ZListSessionsResponseSchema,
} from './account.types.js';

/** The signed-in user's own dashboard sessions, newest first, the current one marked. */
export const listSessionsRoute = sessionProcedure
  .meta({ workspaceAbility: 'account' })
  .input(ZListSessionsRequestSchema)
  .output(ZListSessionsResponseSchema)
  .query(async ({ ctx }) => ({
    sessions: await listOwnSessions({ userId: ctx.user.id, currentSessionId: ctx.sessionId }),
  }));

/** "Sign out everywhere else": every session of the signed-in user but this one ends. */
export const endOtherSessionsRoute = sessionProcedure
  .meta({ workspaceAbility: 'account' })
  .input(ZEndOtherSessionsRequestSchema)
  .output(ZEndOtherSessionsResponseSchema)
  .mutation(async ({ ctx }) => {
    const result = await endOtherSessions({ userId: ctx.user.id, currentSessionId: ctx.sessionId });
    ctx.logger.info({ ended: result.ended }, 'other sessions ended');

    return result;
  });
