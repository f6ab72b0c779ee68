import { checkInboxFor, requestPasswordReset } from '@formwell/core';

import { withAccountEmailLimit } from '../../rate-limit/dashboard-auth-limits.js';
import { publicProcedure } from '../../trpc.js';
import {
  ZRequestPasswordResetRequestSchema,
  ZRequestPasswordResetResponseSchema,
} from './email-links.types.js';

/**
 * "Forgot my password": `{status: 'check_inbox', email}` whether or not the address has an account
 * (a reset link goes out only if it has). Limited per client address (429) and per recipient,
 * where the limit answers the same and sends nothing (see withAccountEmailLimit).
 */
export const requestPasswordResetRoute = publicProcedure
  .input(ZRequestPasswordResetRequestSchema)
  .output(ZRequestPasswordResetResponseSchema)
  .mutation(({ ctx, input }) =>
    withAccountEmailLimit(
      ctx,
      input.email,
      () =>
        requestPasswordReset({
          config: ctx.services.config,
          mail: ctx.services.accountMail,
          email: input.email,
        }),
      () => checkInboxFor(input.email),
    ),
  );
