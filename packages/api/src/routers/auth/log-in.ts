import { logIn } from '@formwell/core';

import { withLogInLimit } from '../../rate-limit/dashboard-auth-limits.js';
import { setSessionCookie } from '../../session/session-cookie.js';
import { publicProcedure } from '../../trpc.js';
import { ZLogInRequestSchema, ZLogInResponseSchema } from './log-in.types.js';

/**
 * Email + password → a session cookie; one 401 text for every failure. Failed attempts are limited
 * per email and per client address (rule `logIn`): 429 with `Retry-After` at the limit.
 */
export const logInRoute = publicProcedure
  .input(ZLogInRequestSchema)
  .output(ZLogInResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { res, services, logger } = ctx;
    const { user, session } = await withLogInLimit(ctx, input.email, () =>
      logIn(input, { userAgent: ctx.req.headers['user-agent'] }),
    );
    setSessionCookie({
      res,
      token: session.token,
      expiresAt: session.expiresAt,
      publicUrl: services.config.publicUrl,
    });
    logger.info({ userId: user.id }, 'user logged in');

    return { user };
  });
