import { changePassword, ErrorMessages } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { withLogInLimit } from '../../rate-limit/dashboard-auth-limits.js';
import { ZChangePasswordRequestSchema, ZChangePasswordResponseSchema } from './account.types.js';

/**
 * Changes the signed-in user's password given the current one; every other session ends. A wrong
 * current password counts as a failed log-in (a stolen session cannot guess it at leisure).
 */
export const changePasswordRoute = sessionProcedure
  // One's own account, whatever one's role in the workspace being viewed.
  .meta({ workspaceAbility: 'account' })
  .input(ZChangePasswordRequestSchema)
  .output(ZChangePasswordResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, sessionId, logger } = ctx;
    const result = await withLogInLimit(
      ctx,
      user.email,
      () =>
        changePassword({
          userId: user.id,
          sessionId,
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
        }),
      (error) => error.message === ErrorMessages.WRONG_CURRENT_PASSWORD,
    );
    logger.info({ otherSessionsEnded: result.otherSessionsEnded }, 'password changed');

    return result;
  });
