import { AppError, AppErrorCode, ErrorMessages } from '@formwell/core';

import { publicProcedure } from '../trpc.js';
import { authenticateSessionRequest } from './authenticate-session-request.js';

/**
 * Dashboard procedures: the session cookie, on /trpc only (cookies never
 * authenticate the public REST API, so a browser session cannot be ridden through /api/v1).
 */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.transport !== 'trpc') {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.NOT_AUTHENTICATED });
  }
  const session = await authenticateSessionRequest({
    req: ctx.req,
    publicUrl: ctx.services.config.publicUrl,
  });
  const { user } = session;

  return next({
    ctx: {
      session,
      user,
      actor: { type: 'user' as const, userId: user.id },
      logger: ctx.logger.child({ userId: user.id }),
    },
  });
});

/** Staff procedures: a signed-in ADMIN. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'ADMIN') {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.ADMIN_ONLY });
  }

  return next();
});
