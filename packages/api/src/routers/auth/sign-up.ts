import { signUp } from '@formwell/core';

import { withSignUpLimit } from '../../rate-limit/dashboard-auth-limits.js';
import { setSessionCookie } from '../../session/session-cookie.js';
import { publicProcedure } from '../../trpc.js';
import { ZSignUpRequestSchema, ZSignUpResponseSchema } from './sign-up.types.js';

/**
 * Dashboard sign-up: a FREE account, signed in at once (session cookie). Limited per client address
 * (rule `signUp`): 429 with `Retry-After` at the limit.
 */
export const signUpRoute = publicProcedure
  .input(ZSignUpRequestSchema)
  .output(ZSignUpResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { res, services, logger } = ctx;
    const { user, session } = await withSignUpLimit(ctx, () =>
      signUp({ config: services.config, input, invitationToken: input.invitationToken }),
    );
    setSessionCookie({
      res,
      token: session.token,
      expiresAt: session.expiresAt,
      publicUrl: services.config.publicUrl,
    });
    logger.info({ userId: user.id }, 'user signed up');

    return { user };
  });
