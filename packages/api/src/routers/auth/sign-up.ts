import { signUp } from '@formwell/core';

import { setSessionCookie } from '../../session/session-cookie.js';
import { publicProcedure } from '../../trpc.js';
import { ZSignUpRequestSchema, ZSignUpResponseSchema } from './sign-up.types.js';

/** Dashboard sign-up: a FREE account, signed in at once (session cookie). */
export const signUpRoute = publicProcedure
  .input(ZSignUpRequestSchema)
  .output(ZSignUpResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { res, services, logger } = ctx;
    const { user, session } = await signUp(input);
    setSessionCookie({
      res,
      token: session.token,
      expiresAt: session.expiresAt,
      publicUrl: services.config.publicUrl,
    });
    logger.info({ userId: user.id }, 'user signed up');

    return { user };
  });
