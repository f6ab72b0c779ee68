import { resendVerificationEmail } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { withAccountEmailLimit } from '../../rate-limit/dashboard-auth-limits.js';
import { ZResendVerificationRequestSchema, ZResendVerificationResponseSchema } from './account.types.js';

/** The dashboard banner's "send the link again", limited as every request that emails a link. */
export const resendVerificationRoute = sessionProcedure
  .meta({ workspaceAbility: 'account' })
  .input(ZResendVerificationRequestSchema)
  .output(ZResendVerificationResponseSchema)
  .mutation(({ ctx }) =>
    withAccountEmailLimit(ctx, ctx.user.email, () =>
      resendVerificationEmail({
        config: ctx.services.config,
        mail: ctx.services.accountMail,
        userId: ctx.user.id,
      }),
    ),
  );
