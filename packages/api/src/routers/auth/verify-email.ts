import { verifyEmail } from '@formwell/core';

import { publicProcedure } from '../../trpc.js';
import { ZVerifyEmailRequestSchema, ZVerifyEmailResponseSchema } from './email-links.types.js';

/**
 * Uses an address-verification link (24 h, single-use). No session needed: the link may be opened
 * in another browser. 400 `This link is invalid, used or expired` otherwise.
 */
export const verifyEmailRoute = publicProcedure
  .input(ZVerifyEmailRequestSchema)
  .output(ZVerifyEmailResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await verifyEmail({ token: input.token });
    ctx.logger.info({ verified: true }, 'email address verified');

    return result;
  });
