import { deleteAccount } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { clearSessionCookie } from '../../session/session-cookie.js';
import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZDeleteAccountRequestSchema, ZDeleteAccountResponseSchema } from './data-rights.types.js';

/** Deletes the signed-in account and all its data once its email is typed again; ends the session. */
export const deleteAccountRoute = sessionProcedure
  .input(ZDeleteAccountRequestSchema)
  .output(ZDeleteAccountResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger, res, services } = ctx;
    const result = await deleteAccount({
      userId: user.id,
      confirmEmail: input.confirmEmail,
      onBumpFailed: logBumpFailure(logger, {}),
    });
    clearSessionCookie({ res, publicUrl: services.config.publicUrl });
    logger.info({ removed: result.removed }, 'account deleted');

    return result;
  });
