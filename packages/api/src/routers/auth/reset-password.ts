import { resetPassword } from '@formwell/core';

import { publicProcedure } from '../../trpc.js';
import { ZResetPasswordRequestSchema, ZResetPasswordResponseSchema } from './email-links.types.js';

/**
 * Sets a new password from a reset link (30 min, single-use) and ends every session of the
 * account; the person then logs in with it. 400 `This link is invalid, used or expired` otherwise.
 */
export const resetPasswordRoute = publicProcedure
  .input(ZResetPasswordRequestSchema)
  .output(ZResetPasswordResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await resetPassword({ token: input.token, password: input.password });
    ctx.logger.info({ sessionsEnded: 'all' }, 'password reset by link');

    return result;
  });
