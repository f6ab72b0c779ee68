import { logOut } from '@formwell/core';

import { clearSessionCookie, readSessionToken } from '../../session/session-cookie.js';
import { publicProcedure } from '../../trpc.js';
import { ZLogOutRequestSchema, ZLogOutResponseSchema } from './log-out.types.js';

/** Ends the session (idempotent: also fine without a cookie) and clears the cookie. */
export const logOutRoute = publicProcedure
  .input(ZLogOutRequestSchema)
  .output(ZLogOutResponseSchema)
  .mutation(async ({ ctx }) => {
    const { req, res, services } = ctx;
    await logOut({ token: readSessionToken(req, services.config.publicUrl) });
    clearSessionCookie({ res, publicUrl: services.config.publicUrl });

    return { success: true as const };
  });
