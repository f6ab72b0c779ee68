import { signUp } from '@formwell/core';

import { withAccountEmailLimit, withSignUpLimit } from '../../rate-limit/dashboard-auth-limits.js';
import { publicProcedure } from '../../trpc.js';
import { ZSignUpRequestSchema, ZSignUpResponseSchema } from './sign-up.types.js';

/**
 * Dashboard sign-up: answers `{status: 'check_inbox', email}` whether or not the address has an
 * account, and signs nobody in (see core's signUp); the person logs in next. Limited per client
 * address (rule `signUp`) and, as every request that emails a link, per recipient.
 */
export const signUpRoute = publicProcedure
  .input(ZSignUpRequestSchema)
  .output(ZSignUpResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { services, logger } = ctx;
    const answer = await withSignUpLimit(ctx, () =>
      withAccountEmailLimit(ctx, input.email, () =>
        signUp({
          config: services.config,
          mail: services.accountMail,
          input,
          invitationToken: input.invitationToken,
        }),
      ),
    );
    // Nothing that tells a new account from a taken address, and no address, in the log.
    logger.info({ status: answer.status }, 'sign-up answered');

    return answer;
  });
