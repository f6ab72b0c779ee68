import { createRouter } from '../../trpc.js';
import { changePasswordRoute } from './change-password.js';
import { resendVerificationRoute } from './resend-verification.js';
import { endOtherSessionsRoute, listSessionsRoute } from './sessions.js';

/** The signed-in person's own account: password, sessions, address verification. */
export const accountRouter = createRouter({
  changePassword: changePasswordRoute,
  sessions: listSessionsRoute,
  endOtherSessions: endOtherSessionsRoute,
  resendVerification: resendVerificationRoute,
});
